/**
 * 'Erreurs Agora' lines (AgoraErrors.tsx): each message with its source's hint, a link to the page to fix it when that page
 * exists; in the record wizard no record exists yet, so a record-sourced hint is plain text (the support), never a link to
 * '/records//edit'; a code no page fixes (AGORA failing, 99999) says to retry later, without a link.
 */
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AgoraErrorLines } from "../../resources/records/AgoraErrors";
import { AGORA_REMEDY_HINTS } from "../../resources/records/agora-errors";
import { theme } from "../../src/theme";

const ids = { traineeId: "t1", sessionId: "s1", trainingId: "f1" };
const render = (code: number, recordId?: string) =>
  renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <AgoraErrorLines details={{ type: "functional", code, message: ["Premier", "Second"] }} links={{ ...ids, ...(recordId ? { recordId } : {}) }} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe("AgoraErrorLines", () => {
  it("shows a record-sourced hint without a link when there is no record", () => {
    const html = render(1030);
    expect(html).toContain("Premier");
    expect(html).toContain("Second");
    expect(html.split(AGORA_REMEDY_HINTS.support().replaceAll("'", "&#x27;")).length - 1).toBe(2);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("/records/");
  });

  it("links a record-sourced hint to the record's edit page once the record exists", () => {
    expect(render(1030, "r1")).toContain('href="/records/r1/edit"');
  });

  it("says to retry later, without a link, when AGORA failed (99999), even once the record exists", () => {
    const html = render(99999, "r1");
    expect(html).toContain(AGORA_REMEDY_HINTS.retry.replaceAll("'", "&#x27;"));
    expect(html).not.toContain("<a");
  });

  it("links a session-sourced hint in the wizard too", () => {
    expect(render(1015)).toContain('href="/sessions/s1/edit"');
  });
});
