/**
 * The JavaScript /login transfers, gzipped as the server would send them: the scripts and module preloads index.html references,
 * then the lazily loaded LoginPage chunk and every chunk it or they import statically (Vite's manifest, `build.manifest`).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface BundleReport {
  dist: string;
  /** Files index.html loads on every route, then the login route's chunk and their static imports. */
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

/** The part of `.vite/manifest.json` that says which chunk a source module became and what that chunk imports statically. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The source module of the /login route, lazily imported by src/App.tsx. */
export const LOGIN_ROUTE_MODULE = "src/pages/LoginPage.tsx";

/**
 * What the browser fetches for a route: the page's own scripts (index.html), then the route's chunk, each followed by its static
 * imports, transitively, once each (Vite preloads a lazy chunk's whole static import graph with it).
 */
export function routeScripts(pageScripts: readonly string[], manifest: ViteManifest, routeModule: string): string[] {
  const found = new Set<string>();
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const visit = (chunk: ViteManifest[string]) => {
    const src = `/${chunk.file}`;
    if (found.has(src)) return;
    found.add(src);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`Manifeste Vite incohérent : ${key} absent`);
      visit(imported);
    }
  };
  for (const src of pageScripts) {
    const chunk = byFile.get(src.replace(/^\//, ""));
    if (chunk) visit(chunk);
    else found.add(src);
  }
  const route = manifest[routeModule];
  if (!route) throw new Error(`${routeModule} absent du manifeste Vite`);
  visit(route);
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
  const manifestFile = path.join(root, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`Pas de manifeste Vite dans ${root} (build.manifest dans vite.config.ts)`);
  const scripts = routeScripts(
    referencedScripts(fs.readFileSync(path.join(root, "index.html"), "utf8")),
    JSON.parse(fs.readFileSync(manifestFile, "utf8")) as ViteManifest,
    LOGIN_ROUTE_MODULE,
  );
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
