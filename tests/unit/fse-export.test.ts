import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { FSE_QUESTIONS, fseAnswersSchema } from "../../resources/fse/schema";
import { fseSurveyRows } from "../../scripts/bench/generate-fse";
import { seededRandom } from "../../scripts/bench/random";
import { FSE_EXPORT_COLUMNS, FSE_EXPORT_LAYOUT, type FseExportRow } from "../../server/fse/export-columns";
import { writeExport } from "../../server/export/writers";
import { fseAnswers } from "../api/support/record-fse";

const row = (fields: Partial<FseExportRow> = {}): FseExportRow => ({
  agoraId: "DF0000000001",
  lastName: "LEFÈVRE",
  firstName: "Hélène",
  birthDate: "1990-07-14",
  trainingName: "Développeur web",
  sessionStartDate: "2026-02-02",
  sessionEndDate: "2026-06-30",
  period: "INPUT",
  information: fseAnswersSchema.parse(fseAnswers()),
  updatedDay: "2026-03-11",
  ...fields,
});

async function csvOf(rows: FseExportRow[][]): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  async function* batches() {
    yield* rows;
  }
  await writeExport("csv", FSE_EXPORT_LAYOUT, batches(), out);
  return Buffer.concat(chunks).toString("utf8");
}

describe("FSE export columns", () => {
  it("heads every answer with its French question, once, and has no NIR", () => {
    const headers = FSE_EXPORT_COLUMNS.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
    for (const question of Object.entries(FSE_QUESTIONS).filter(([key]) => key !== "aids").map(([, text]) => text)) expect(headers).toContain(question);
    expect(headers.join(" ")).not.toMatch(/NIR|sécurité sociale/i);
  });

  it("writes CSV with a BOM, ';', CRLF, French dates, quoting and no formula from a typed name", async () => {
    const text = await csvOf([[row({ trainingName: 'Soudure; "MIG"', lastName: "=HYPERLINK(\"http://x\")" })], [row({ period: "OUTPUT" })]]);
    expect(text.startsWith("\uFEFFN° AGORA;Nom;Prénom;Date de naissance;")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://x"")";Hélène;14/07/1990;"Soudure; ""MIG""";02/02/2026;30/06/2026;Entrée;Oui;;Autre;Oui;`);
    expect(lines[2]).toContain(";Sortie;");
  });
});

describe("FSE export writers when the client leaves", () => {
  it.each(["csv", "xlsx"] as const)("%s: stop reading batches and end the reading (its finally runs)", async (format) => {
    // Nobody reads the answer: it fills, the writer waits, then the client goes away.
    const out = new PassThrough({ highWaterMark: 1024 });
    let fetched = 0;
    let ended = false;
    async function* batches() {
      try {
        for (let i = 0; i < 1_000; i++) {
          fetched += 1;
          yield Array.from({ length: 50 }, () => row());
        }
      } finally {
        ended = true;
      }
    }
    const writing = writeExport(format, FSE_EXPORT_LAYOUT, batches(), out);
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    await writing;
    expect(ended).toBe(true);
    expect(fetched).toBeLessThan(1_000);
  });
});

describe("FSE export writers when the client leaves at the end", () => {
  it("xlsx: the writer settles when the client leaves while the zip is being closed", async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    async function* batches() {
      yield [row()];
    }
    const writing = writeExport("xlsx", FSE_EXPORT_LAYOUT, batches(), out);
    await new Promise((resolve) => setTimeout(resolve, 100));
    out.destroy();
    await expect(writing).resolves.toBeUndefined();
  });
});

describe("bench FSE surveys", () => {
  it("follow the display rules (the schema leaves them as they are), in the order of the periods", () => {
    const random = seededRandom(7);
    const now = Date.parse("2026-11-24T12:00:00Z");
    for (let i = 0; i < 300; i++) {
      const rows = fseSurveyRows(random, `r${i}`, now - 400 * 86_400_000, 1 + (i % 3), now);
      expect(rows.map((r) => r.period)).toEqual(["INPUT", "OUTPUT", "AFTER_SIX_MONTH"].slice(0, 1 + (i % 3)));
      for (const survey of rows) {
        const answers = JSON.parse(survey.information as string) as Record<string, unknown>;
        expect(fseAnswersSchema.parse(answers)).toEqual(answers);
        expect(Date.parse(survey.updated_at as string)).toBeLessThanOrEqual(now);
      }
    }
  });
});
