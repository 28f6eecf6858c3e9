import { describe, expect, it } from "vitest";
import { FULL_SIZE, parseBenchArgs, parseSeedArgs } from "../../scripts/bench/args";
import http from "node:http";
import { roundOrder, runLoads } from "../../scripts/bench/load";
import { formatTable } from "../../scripts/bench/report";
import { sentQueries } from "../../scripts/bench/capture";
import { referencedScripts, routeScripts, type ViteManifest } from "../../scripts/bench/bundle";
import { DEEP_OFFSET, deepOffset, LIST_ENDPOINTS, pageBeforeDeepPath, variantPath } from "../../scripts/bench/cases";
import { PLACES } from "../../scripts/bench/french-data";
import { fsePeriodCount } from "../../scripts/bench/generate-fse";
import { recordCount, recordRow } from "../../scripts/bench/generate-records";
import { employeeRow, organizationRow, skewedPick, traineeRow, trainingRow } from "../../scripts/bench/generate";
import { luhnValid, nir13, nirKey, nirKeyValid, siretFor, uuidV7At } from "../../scripts/bench/identifiers";
import { seededRandom } from "../../scripts/bench/random";
import { percentile, summarize } from "../../scripts/bench/stats";

describe("bench: percentiles", () => {
  it("uses the nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, k) => k + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarises unsorted latencies into requests per second and percentiles", () => {
    const summary = summarize([30, 10, 20, 40], 1, 2);
    expect(summary).toEqual({ requests: 4, errors: 1, requestsPerSecond: 2, p50: 20, p95: 40, p99: 40, max: 40 });
  });
});

describe("bench: arguments", () => {
  it("defaults to the full size and scales every table with --scale", () => {
    expect(parseSeedArgs([])).toEqual({ ...FULL_SIZE, reset: false });
    expect(parseSeedArgs(["--scale", "0.1"])).toEqual({
      trainees: 50_000, trainings: 5_000, employees: 2_000, organizations: 500, records: 100_000, reset: false,
    });
  });

  it("reads --trainees as the scale of the other tables, and explicit sizes win", () => {
    expect(parseSeedArgs(["--trainees", "500000"])).toEqual({ ...FULL_SIZE, reset: false });
    expect(parseSeedArgs(["--trainees=1000", "--trainings", "7", "--reset"])).toMatchObject({ trainees: 1000, trainings: 7, employees: 40, reset: true });
    expect(parseSeedArgs(["--scale", "0.001", "--records", "1_000_000"]).records).toBe(1_000_000);
  });

  it("makes an explicit --records in full, one per trainee, with more trainees when they are needed to leave some free", () => {
    const million = parseSeedArgs(["--trainees", "1000000", "--records", "1000000"]);
    expect(million).toMatchObject({ trainees: 1_111_223, records: 1_000_000, trainings: 100_000, employees: 40_000, organizations: 10_000 });
    expect(recordCount(million.records, million.trainees)).toBe(1_000_000);
    expect(parseSeedArgs(["--trainees", "1000000", "--records", "500000"]).trainees).toBe(1_000_000);
    // Without --records, the scale's records stay capped by the trainees (450,000 at scale 1).
    expect(parseSeedArgs(["--scale", "1"]).trainees).toBe(500_000);
  });

  it("keeps two organisations when trainings need them", () => {
    expect(parseSeedArgs(["--scale", "0.0001"]).organizations).toBe(2);
  });

  it("rejects unknown options and bad numbers in French", () => {
    expect(() => parseSeedArgs(["--trainee", "5"])).toThrow("Option inconnue : --trainee");
    expect(() => parseSeedArgs(["--trainees", "abc"])).toThrow("--trainees attend un entier");
    expect(() => parseSeedArgs(["--scale", "-1"])).toThrow("--scale attend un nombre ≥ 0");
    expect(() => parseSeedArgs(["500000"])).toThrow("Argument inattendu : 500000");
    expect(() => parseBenchArgs(["--duration", "0"])).toThrow("--duration attend un nombre ≥ 0.1");
    expect(() => parseBenchArgs(["--only"])).toThrow("--only attend une valeur");
  });

  it("reads the bench options with their defaults", () => {
    expect(parseBenchArgs([])).toEqual({ duration: 5, concurrency: 8, staff: 50, staffMinutes: 5, only: undefined, dist: undefined, output: "bench-results/latest.json" });
    expect(parseBenchArgs(["--duration", "2.5", "--concurrency=4", "--only", "trainees", "--dist", "dist"])).toMatchObject({
      duration: 2.5, concurrency: 4, only: "trainees", dist: "dist",
    });
  });
});

describe("bench: French identifiers", () => {
  it("computes the NIR key (97 − NIR mod 97), Corsica counted as 19/18", () => {
    expect(nirKey("2550814168025")).toBe("38");
    expect(nirKeyValid("255081416802538")).toBe(true);
    expect(nirKeyValid("255081416802539")).toBe(false);
    const corsican = nir13({ gender: "MALE", birthDate: "1980-04-12", birthPlace: "2A", commune: 4, order: 17 });
    expect(corsican).toBe("180042A004017");
    expect(nirKey(corsican)).toBe(String(97 - Number(1800419004017n % 97n)).padStart(2, "0"));
  });

  it("writes SIRETs that pass Luhn, with a Luhn-valid SIREN, and never repeat", () => {
    expect(luhnValid("73282932000074")).toBe(true);
    expect(luhnValid("73282932000075")).toBe(false);
    const sirets = Array.from({ length: 5_000 }, (_, n) => siretFor(n * 997));
    for (const siret of sirets) {
      expect(siret).toMatch(/^9\d{13}$/);
      expect(luhnValid(siret) && luhnValid(siret.slice(0, 9))).toBe(true);
    }
    expect(new Set(sirets).size).toBe(sirets.length);
  });

  it("dates UUID v7 ids at the row's creation", () => {
    const id = uuidV7At(Date.UTC(2025, 0, 2), seededRandom(1));
    expect(id).toMatch(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(parseInt(id.slice(0, 12), 16)).toBe(Date.UTC(2025, 0, 2));
  });
});

describe("bench: generated rows", () => {
  const now = Date.UTC(2026, 10, 1);

  it("gives trainees a NIR consistent with gender and birth date, unique, and a postal code of their département", () => {
    const random = seededRandom(3);
    const rows = Array.from({ length: 1_000 }, (_, i) => traineeRow(i, random, now));
    for (const row of rows) {
      const ssn = row.ssn as string;
      const [year, month] = (row.birth_date as string).split("-");
      expect(ssn).toMatch(/^[12]\d{4}(\d{2}|2A|2B)\d{6}$/);
      expect(ssn[0]).toBe(row.gender === "MALE" ? "1" : "2");
      expect(ssn.slice(1, 5)).toBe(`${year!.slice(2)}${month}`);
      expect(nirKeyValid(ssn + nirKey(ssn))).toBe(true);
      const address = JSON.parse(row.address as string) as { zipCode: string; city: string };
      const place = PLACES.find(([department, city, zip]) => department === row.department && city === address.city && zip === address.zipCode);
      expect(place).toBeDefined();
      const code = (row.department as string).slice(1);
      expect(address.zipCode.startsWith(/^2[AB]$/.test(code) ? "20" : code)).toBe(true);
      expect(row.created_at! <= row.updated_at!).toBe(true);
    }
    expect(new Set(rows.map((r) => r.ssn)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.email)).size).toBe(rows.length);
  });

  it("sends 40 % of the trainings to the largest training organisation and keeps funders' amounts to the training's case", () => {
    const random = seededRandom(5);
    const orgs = { training: ["of0", "of1", "of2", "of3", "of4"], contracting: ["cdc0", "cdc1", "cdc2"] };
    const trainings = Array.from({ length: 4_000 }, (_, i) => trainingRow(i, random, now, orgs));
    const largest = trainings.filter((t) => t.row.educational_organization_id === "of0").length / trainings.length;
    expect(largest).toBeGreaterThan(0.37);
    expect(largest).toBeLessThan(0.43);
    for (const { row, funders } of trainings) {
      expect(row.healthcare_social).toBe(row.device === "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY");
      for (const funder of funders) {
        expect(funder.training_id).toBe(row.id);
        expect(funder.estimated_amount_of_subsidy === null).toBe(!row.healthcare_social);
        expect(funder.estimated_amount_covered_tax_free === null).toBe(row.healthcare_social);
        if (funder.siret !== null) expect(luhnValid(funder.siret as string)).toBe(true);
      }
    }
    expect(skewedPick(seededRandom(1), ["only"], [0.4])).toBe("only");
  });

  it("gives organisations Luhn-valid SIRETs and employees a role of their organisation's kind", () => {
    const random = seededRandom(7);
    const organization = organizationRow(3, 10, random, now);
    expect(luhnValid(organization.siret as string)).toBe(true);
    const orgs = { training: ["of0"], contracting: ["cdc0"] };
    for (let i = 0; i < 500; i++) {
      const { row, organizationIds } = employeeRow(i, random, now, orgs);
      const kind = organizationIds[0] === "of0" ? /^rol_(resp-of|gest-of|admin)$/ : /^rol_(resp-cdc|gest-cdc|gest-cdcss|admin)$/;
      expect(row.role_id).toMatch(kind);
    }
  });
});

describe("bench: cases and bundle", () => {
  it("asks for offset 100,000 when the caller sees that many rows, else the last page", () => {
    expect(deepOffset(500_000)).toBe(DEEP_OFFSET);
    expect(deepOffset(5_026, 50)).toBe(5_000);
    expect(deepOffset(5_000, 50)).toBe(4_950);
    expect(deepOffset(0, 50)).toBe(0);
    // An estimated total may overshoot: nine tenths of it.
    expect(deepOffset(64_398, 50, true)).toBe(57_950);
  });

  it("reaches the deep page after the cursor of the page before it, when there is one", () => {
    const trainees = LIST_ENDPOINTS.find((e) => e.name === "trainees")!;
    expect(pageBeforeDeepPath(trainees, 500_000)).toBe("/api/trainees?offset=99950&limit=50");
    expect(pageBeforeDeepPath(trainees, 40)).toBeUndefined();
    expect(variantPath(trainees, "deep keyset", 500_000, "2026-11-24T09:15:02.123456Z~abc")).toBe(
      "/api/trainees?offset=100000&limit=50&after=2026-11-24T09%3A15%3A02.123456Z%7Eabc",
    );
    expect(variantPath(trainees, "deep keyset", 500_000)).toBeUndefined();
  });

  it("alternates the app and its baseline from one slice to the next (A B, B A, …)", () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(round, 2))).toEqual([[0, 1], [1, 0], [0, 1], [1, 0]]);
  });

  it("finds the scripts and module preloads index.html loads", () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/fr-b.js"><link rel="stylesheet" href="/assets/index-c.css">`;
    expect(referencedScripts(html)).toEqual(["/assets/index-a.js", "/assets/fr-b.js"]);
  });

  it("follows the route's lazy chunk and every static import of it and of the page's scripts, once each, not other routes", () => {
    const manifest: ViteManifest = {
      "index.html": { file: "assets/index-a.js", imports: ["_vendor-b.js"] },
      "_vendor-b.js": { file: "assets/vendor-b.js", imports: ["_runtime-c.js"] },
      "_runtime-c.js": { file: "assets/runtime-c.js" },
      "src/pages/LoginPage.tsx": { file: "assets/LoginPage-d.js", imports: ["_vendor-b.js", "_AuthCard-e.js", "index.html"] },
      "_AuthCard-e.js": { file: "assets/AuthCard-e.js", imports: ["_vendor-b.js"] },
      "src/layout/AppLayout.tsx": { file: "assets/AppLayout-f.js", imports: ["_zod-g.js"] },
      "_zod-g.js": { file: "assets/zod-g.js" },
    };
    expect(routeScripts(["/assets/index-a.js", "/assets/vendor-b.js"], manifest, "src/pages/LoginPage.tsx")).toEqual([
      "/assets/index-a.js",
      "/assets/vendor-b.js",
      "/assets/runtime-c.js",
      "/assets/LoginPage-d.js",
      "/assets/AuthCard-e.js",
    ]);
    expect(() => routeScripts([], manifest, "src/pages/Missing.tsx")).toThrow("src/pages/Missing.tsx absent du manifeste Vite");
  });
});

describe("bench: CPU time per request", () => {
  it("counts the warm-up's requests among those answered (the server's CPU time is divided by them), not among the timed ones", async () => {
    let served = 0;
    const server = http.createServer((_request, response) => {
      served++;
      response.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const [result] = await runLoads([{ port, path: "/" }], { seconds: 0.5, concurrency: 2 });
      expect(result!.answered).toBe(served);
      expect(result!.requests).toBeGreaterThan(0);
      // The warm-up (100 ms at 0.5 s) answered requests the latency figures leave out.
      expect(result!.answered).toBeGreaterThan(result!.requests);
    } finally {
      server.close();
    }
  });

  it("prints each server's CPU time per request beside the ratio", () => {
    const load = { requests: 10, errors: 0, requestsPerSecond: 5, p50: 1, p95: 2, p99: 3, max: 3, statuses: {}, answered: 12 };
    const table = formatTable([
      { role: "sup-admin", endpoint: "trainees", variant: "page 1", path: "/", app: load, baseline: load, ratio: 1, cpuMsPerRequest: { app: 2.398, baseline: 1.033 } },
    ]);
    expect(table.split("\n")[0]).toContain("CPU ms app/base");
    expect(table.split("\n")[2]).toContain("2.40 / 1.03");
  });
});

describe("bench: records", () => {
  it("makes one record per trainee at most, leaving some trainees free for the wizard", () => {
    expect(recordCount(1_000_000, 500_000)).toBe(450_000);
    expect(recordCount(1_000, 500_000)).toBe(1_000);
  });

  it("gives each record a status its session's dates allow, a few lagging (blocking), planned dates from the session", () => {
    const random = seededRandom(13);
    const now = Date.parse("2026-06-15T10:00:00Z");
    const sessions = {
      future: { id: "f", startDate: "2026-09-07", endDate: "2026-12-18" },
      current: { id: "c", startDate: "2026-03-02", endDate: "2026-09-30" },
      past: { id: "p", startDate: "2025-09-01", endDate: "2026-02-27" },
    };
    const statuses = (kind: keyof typeof sessions) =>
      new Set(Array.from({ length: 400 }, (_, i) => recordRow(i, random, now, `t${i}`, sessions[kind])).map((row) => row.status));
    expect([...statuses("future")].every((s) => ["SETUP", "VALIDATED", "REJECTED"].includes(String(s)))).toBe(true);
    expect(statuses("current")).toEqual(new Set(["START_OF_TRAINING", "TERMINATED_NOT_DONE", "SETUP", "VALIDATED"]));
    expect(statuses("past").has("START_OF_TRAINING")).toBe(true);
    expect(statuses("past").has("SETUP")).toBe(false);
    const row = recordRow(7, random, now, "t7", sessions.past);
    expect(row).toMatchObject({ trainee_id: "t7", session_id: "p", planned_start_date: "2025-09-01", planned_end_date: "2026-02-27", agora_id: "DF9000000007" });
    expect(Date.parse(String(row.updated_at))).toBeLessThanOrEqual(now);
    expect(String(row.updated_at) >= String(row.created_at)).toBe(true);
  });
});

describe("bench: FSE surveys per record", () => {
  const counts = (status: Parameters<typeof fsePeriodCount>[1]) => {
    const random = seededRandom(7);
    return new Set(Array.from({ length: 400 }, () => fsePeriodCount(random, status)));
  };

  it("follows the periods' order: none before entry, the exit one only once left, the six-month one only once closed", () => {
    for (const status of ["SETUP", "VALIDATED", "REJECTED"] as const) expect(counts(status)).toEqual(new Set([0]));
    expect(counts("START_OF_TRAINING")).toEqual(new Set([0, 1]));
    expect(counts("TERMINATED_NOT_DONE")).toEqual(new Set([0, 1]));
    expect(counts("END_OF_TRAINING")).toEqual(new Set([1, 2]));
    expect(counts("TERMINATED_FULLY_DONE")).toEqual(new Set([2, 3]));
    expect(counts("TERMINATED_PARTIALLY_DONE")).toEqual(new Set([2, 3]));
  });
});

describe("bench: captured statements", () => {
  it("lists a transaction's statements with the planner settings made before each, and the others with none", () => {
    const count = { text: "select count(*) from records", values: [] };
    const matched = { text: "with matched as (select 1) select 1", values: ["martin"], name: "records_list" };
    const walk = { text: "select id from records order by 1", values: [] };
    const queries = sentQueries([
      [count, { sequence: [{ text: "begin", values: [] }, { text: "set local enable_seqscan = off", values: [] }, matched] }],
      [{ sequence: [{ text: "SET LOCAL enable_bitmapscan = off", values: [] }, walk, { text: "commit", values: [] }] }],
    ]);
    expect(queries.map(({ text, settings }) => [text, settings])).toEqual([
      [count.text, []],
      ["begin", []],
      [matched.text, ["set local enable_seqscan = off"]],
      [walk.text, ["SET LOCAL enable_bitmapscan = off"]],
      ["commit", ["SET LOCAL enable_bitmapscan = off"]],
    ]);
    expect(queries[2]).toMatchObject({ name: "records_list", values: ["martin"] });
  });
});
