import { describe, expect, it } from "vitest";
import { ListCursors } from "../../providers/list-cursors";

describe("ListCursors", () => {
  it("rend le curseur retenu pour la page d'une liste, et rien pour une autre liste ou une autre page", () => {
    const cursors = new ListCursors();
    cursors.remember("records", 50, "c1");
    expect(cursors.get("records", 50)).toBe("c1");
    expect(cursors.get("records", 100)).toBeUndefined();
    expect(cursors.get("trainees", 50)).toBeUndefined();
  });

  it("ne garde que les 500 derniers curseurs (une session de travail ne fait pas grossir la mémoire)", () => {
    const cursors = new ListCursors();
    for (let page = 0; page <= 500; page++) cursors.remember("records", page * 50, `c${page}`);
    expect(cursors.get("records", 0)).toBeUndefined();
    expect(cursors.get("records", 50)).toBe("c1");
    expect(cursors.get("records", 500 * 50)).toBe("c500");
    // Remembered again, a cursor becomes the most recent: the next one forgotten is the oldest other.
    cursors.remember("records", 50, "c1bis");
    cursors.remember("records", 501 * 50, "c501");
    expect(cursors.get("records", 50)).toBe("c1bis");
    expect(cursors.get("records", 100)).toBeUndefined();
  });
});
