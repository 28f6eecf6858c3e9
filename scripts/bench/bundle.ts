/** The JavaScript /login transfers: the scripts and module preloads index.html references, gzipped as the server would send them. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface BundleReport {
  dist: string;
  /** Files index.html loads on every route, /login included. */
  login: { files: { file: string; bytes: number; gzipBytes: number }[]; gzipBytes: number };
  /** Every JS file of the build, for comparison with what /login needs. */
  allJs: { files: number; gzipBytes: number };
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;

/** The .js files index.html references (script src and modulepreload href). */
export function referencedScripts(indexHtml: string): string[] {
  const found = new Set<string>();
  for (const match of indexHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"[^>]*>/g)) found.add(match[1]!);
  return [...found];
}

/** Weighs the build in `dist`; without one, builds the current sources into .tmp/bench-dist first (a stale dist/ would lie). */
export function weighLoginBundle(dist: string | undefined, log: (message: string) => void): BundleReport {
  const root = path.resolve(dist ?? ".tmp/bench-dist");
  if (!dist) {
    log(`vite build vers ${root}…`);
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", root, "--emptyOutDir"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("vite build a échoué");
  }
  if (!fs.existsSync(path.join(root, "index.html"))) throw new Error(`Pas de build dans ${root} (index.html manquant)`);
  const scripts = referencedScripts(fs.readFileSync(path.join(root, "index.html"), "utf8"));
  const files = scripts.map((src) => {
    const file = path.join(root, src.replace(/^\//, ""));
    return { file: src, bytes: fs.statSync(file).size, gzipBytes: gzipSize(file) };
  });
  const allJs = fs.readdirSync(path.join(root, "assets")).filter((f) => f.endsWith(".js"));
  return {
    dist: root,
    login: { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) },
    allJs: { files: allJs.length, gzipBytes: allJs.reduce((sum, f) => sum + gzipSize(path.join(root, "assets", f)), 0) },
  };
}
