/**
 * Every text sort follows French order (issue 40, point 4): accents and case secondary, « ÉCOLE » among the E and not after Z
 * as in the databases' byte order (C.UTF-8). Each list is walked page by page through its cursors (keyset), two rows a page, the
 * accented names falling at the pages' boundaries, both ways.
 */
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestEmployee } from "./support/test-app";
import { createTrainee } from "./support/records";
import { trainingBody } from "./support/trainings";

const t = await createTestApp();
let admin: TestEmployee;

const ORGANIZATIONS = ["AFPA", "ÉCOLE DU BÂTIMENT DE NORMANDIE", "EFFICACE FORMATION", "RÉGION ÎLE-DE-FRANCE", "ZÉNITH FORMATION"];
const TRAINEES = ["DUPONT", "ÉVRARD", "EVRARDE", "MARTIN", "TRAORÉ", "ZOLA"];
const EMPLOYEES = ["ÂGÉ", "BERNARD", "ÉLODIE", "ÉTÉ", "OLIVIER"];
const TRAININGS = ["Anglais", "Électricité", "électronique", "Émaillage", "Soudure"];

beforeAll(async () => {
  for (const name of [...ORGANIZATIONS].reverse()) await t.organization({ name });
  admin = await t.employee("rol_sup-admin", [], { lastName: "ZZZ" });
  for (const lastName of [...EMPLOYEES].reverse()) await t.employee("rol_admin", [], { lastName });
  for (const lastName of [...TRAINEES].reverse()) await createTrainee(t, admin, { lastName, birthName: lastName });
  const educational = await t.organization({ name: "ZZ ORGANISME" });
  for (const name of [...TRAININGS].reverse()) {
    const res = await t.app.inject({ method: "POST", url: "/api/trainings", headers: await t.auth(admin), payload: trainingBody({ educational, contracting: educational }, { name }) });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

/** The list's rows, `field` of each, walked two a page after each page's cursor. */
async function walk(url: string, field: (row: Record<string, unknown>) => string): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | undefined;
  do {
    const res = await t.app.inject({ url: `${url}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ""}`, headers: await t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Record<string, unknown>[]; metadata: { pagination: { nextCursor?: string } } };
    pages.push(body.data.map(field));
    after = body.metadata.pagination.nextCursor;
  } while (after && pages.length < 20);
  return pages.filter((page) => page.length > 0);
}

const pairs = (names: string[]) => names.reduce<string[][]>((pages, name, i) => (i % 2 ? (pages[pages.length - 1]!.push(name), pages) : [...pages, [name]]), []);

describe("text sorts in French order, keyset pages included", () => {
  it("organisations: « ÉCOLE DU BÂTIMENT DE NORMANDIE » before « RÉGION ÎLE-DE-FRANCE »", async () => {
    const names = (row: Record<string, unknown>) => String(row.name);
    const expected = [...ORGANIZATIONS, "ZZ ORGANISME"];
    expect(await walk("/api/organizations?sort=name&order=asc", names)).toEqual(pairs(expected));
    expect(await walk("/api/organizations?sort=name&order=desc", names)).toEqual(pairs([...expected].reverse()));
  });

  it("trainees: ÉVRARD before TRAORÉ, the accent second to the letters (ÉVRARD, EVRARDE)", async () => {
    const names = (row: Record<string, unknown>) => String(row.lastName);
    expect(await walk("/api/trainees?sort=lastName&order=asc", names)).toEqual(pairs(TRAINEES));
    expect(await walk("/api/trainees?sort=lastName&order=desc", names)).toEqual(pairs([...TRAINEES].reverse()));
  });

  it("employees by name", async () => {
    const names = (row: Record<string, unknown>) => String(row.lastName);
    const expected = [...EMPLOYEES, "ZZZ"];
    expect(await walk("/api/employees?sort=lastName&order=asc", names)).toEqual(pairs(expected));
  });

  it("trainings by name: case and accents secondary (Électricité, électronique, Émaillage among the E)", async () => {
    const names = (row: Record<string, unknown>) => String((row.information as { name: string }).name);
    expect(await walk("/api/trainings?sort=name&order=asc", names)).toEqual(pairs(TRAININGS));
    expect(await walk("/api/trainings?sort=name&order=desc", names)).toEqual(pairs([...TRAININGS].reverse()));
  });
});
