/** The bench's printed table and its JSON file. */
import fs from "node:fs";
import path from "node:path";
import type { LoadResult } from "./load";

export interface CaseResult {
  role: string;
  endpoint: string;
  variant: string;
  path: string;
  /** Rows the caller sees (the answer's totalCount). */
  totalCount?: number;
  /** The total is PostgreSQL's estimate (more than 10,000 rows). */
  totalCountCapped?: true;
  statements?: number;
  /** Rows on the page measured (a deep page placed past the last row would measure an empty answer). */
  rows?: number;
  app?: LoadResult;
  baseline?: LoadResult;
  /** app req/s ÷ baseline req/s */
  ratio?: number;
  /** Each server process's CPU time (user and system) per request served, in ms: what the app adds, without PostgreSQL's share. */
  cpuMsPerRequest?: { app: number; baseline: number };
  /** Why the case was not measured (e.g. the role may not list this resource). */
  skipped?: string;
}

const num = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? "—" : n.toFixed(digits));

/** A fixed-width table, one line per case, grouped by role. */
export function formatTable(results: readonly CaseResult[]): string {
  const header = ["rôle", "liste", "cas", "total", "app req/s", "p50", "p95", "p99", "base req/s", "base p95", "app/base", "CPU ms app/base", "err"];
  const rows = results.map((r) => [
    r.role,
    r.endpoint,
    r.variant,
    r.totalCount === undefined ? "—" : `${r.totalCountCapped ? "~" : ""}${r.totalCount}`,
    ...(r.skipped
      ? [r.skipped, "", "", "", "", "", "", "", ""]
      : [
          num(r.app?.requestsPerSecond),
          num(r.app?.p50),
          num(r.app?.p95),
          num(r.app?.p99),
          num(r.baseline?.requestsPerSecond),
          num(r.baseline?.p95),
          num(r.ratio, 2),
          r.cpuMsPerRequest ? `${num(r.cpuMsPerRequest.app, 2)} / ${num(r.cpuMsPerRequest.baseline, 2)}` : "—",
          String((r.app?.errors ?? 0) + (r.baseline?.errors ?? 0)),
        ]),
  ]);
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((row) => row[k]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, k) => (k >= 3 ? c.padStart(widths[k]!) : c.padEnd(widths[k]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((w, k) => (k >= 3 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`, ...rows.map(line)].join("\n");
}

export function writeJson(file: string, content: unknown): string {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(content, null, 2)}\n`);
  return target;
}
