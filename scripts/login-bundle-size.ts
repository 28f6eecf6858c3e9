/**
 * `npm run size:login [-- --dist DIR]`: the JavaScript Chromium transfers for /login, and for the records page once signed in
 * (issue 37 targets: ≤ 150 kB and ≤ 350 kB on the wire), against the real server serving the build. Without --dist, builds
 * the current sources into .tmp/bench-dist first (a stale dist/ would lie). Exits 1 when a target is missed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { measureWireSize } from "./bench/wire-size";

const LOGIN_BUDGET_KB = 150;
const RECORDS_BUDGET_KB = 350;

const args = process.argv.slice(2);
const distAt = args.indexOf("--dist");
const distArg = distAt >= 0 ? args[distAt + 1] : undefined;
if ((distAt >= 0 && !distArg) || args.length !== (distAt >= 0 ? 2 : 0)) {
  console.error("Usage : npm run size:login [-- --dist DOSSIER]");
  process.exit(2);
}
const dist = path.resolve(distArg ?? ".tmp/bench-dist");
if (!distArg) {
  console.error(`vite build vers ${dist}…`);
  const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", dist, "--emptyOutDir"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const report = await measureWireSize(dist, process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
console.log(`JavaScript transféré par Chromium (${dist}) :`);
console.log(`  /login : ${kB(report.login.bytes)} kB en ${report.login.files} fichiers (objectif ≤ ${LOGIN_BUDGET_KB} kB)`);
console.log(`  /records après connexion : ${kB(report.records.bytes)} kB en ${report.records.files} fichiers, /login compris (objectif ≤ ${RECORDS_BUDGET_KB} kB)`);
if (report.login.bytes > LOGIN_BUDGET_KB * 1000 || report.records.bytes > RECORDS_BUDGET_KB * 1000) process.exitCode = 1;
