/**
 * The packages a started server loads before its first request: its static import graph from server/app.ts.
 * exceljs (about 30 MiB of resident memory) and pdf-lib (about 20 MiB) serve one route each and are imported by that
 * route when first called; a static import from anywhere in the graph would put them back in every server's memory
 * (issue 11: peak RSS ≤ 300 MiB under the bench).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `import … from "x"` and `export … from "x"` (not `import type`/`export type`: erased) and `import "x"`. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+"([^"]+)";|^import\s+"([^"]+)";/gm;

function resolveModule(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${specifier} introuvable depuis ${path.relative(ROOT, from)}`);
}

/** Packages (first path segment, or scope/name) reached through static imports from `entry`; `seen` collects the files. */
function staticPackages(entry: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  const pending = [path.join(ROOT, entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith(".")) pending.push(resolveModule(file, specifier));
      else if (!specifier.startsWith("node:")) packages.add(specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/"));
    }
  }
  return packages;
}

describe("packages loaded when the server starts", () => {
  it("the walk finds a route's heavy package where it is imported statically", () => {
    expect(staticPackages("server/sessions/attendance-sheet.ts")).toContain("pdf-lib");
    expect(staticPackages("server/export/writers.ts")).toContain("exceljs");
  });

  it("server/app.ts reaches fastify and drizzle-orm, but neither exceljs nor pdf-lib", () => {
    const packages = staticPackages("server/app.ts");
    expect(packages).toContain("fastify");
    expect(packages).toContain("drizzle-orm");
    expect(packages).not.toContain("exceljs");
    expect(packages).not.toContain("pdf-lib");
  });

  it("neither does server/main.ts (the demo data's PDFs are drawn by a module loaded on first seeding)", () => {
    const packages = staticPackages("server/main.ts");
    expect(packages).not.toContain("exceljs");
    expect(packages).not.toContain("pdf-lib");
  });
});

describe("the server's side of the boundary (design.md \"Layout\")", () => {
  // ESLint's import-boundaries rule checks each import; this follows them all the way from the entry points.
  it.each(["server/app.ts", "server/main.ts"])("%s reaches no .tsx file, nothing under src/ and no React", (entry) => {
    const files = new Set<string>();
    const packages = staticPackages(entry, files);
    const reached = [...files].map((file) => path.relative(ROOT, file));
    expect(reached.filter((file) => file.endsWith(".tsx") || file.startsWith("src/"))).toEqual([]);
    expect([...packages].filter((name) => /^(react|react-dom|@mantine\/|@refinedev\/)/.test(name))).toEqual([]);
    expect(reached).toContain("resources/permissions.ts");
  });
});
