/**
 * `npm run size:login [-- --dist DIR]`: the gzipped JavaScript the browser loads for /login, per file and in total (issue 11 target:
 * ≤ 180 kB). Without --dist, builds the current sources first (the same measure `npm run bench` reports).
 */
import { weighLoginBundle } from "./bench/bundle";

const LOGIN_BUDGET_KB = 180;

const args = process.argv.slice(2);
const distAt = args.indexOf("--dist");
const dist = distAt >= 0 ? args[distAt + 1] : undefined;
if ((distAt >= 0 && !dist) || args.length !== (distAt >= 0 ? 2 : 0)) {
  console.error("Usage : npm run size:login [-- --dist DOSSIER]");
  process.exit(2);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1).padStart(7);
const report = weighLoginBundle(dist, (message) => console.error(message));
console.log(`JavaScript de /login (${report.dist}) :`);
console.log(`${"gzip kB".padStart(7)}  ${"brut kB".padStart(7)}  fichier`);
for (const file of report.login.files) console.log(`${kB(file.gzipBytes)}  ${kB(file.bytes)}  ${file.file}`);
const total = report.login.gzipBytes;
console.log(`${kB(total)}  total en ${report.login.files.length} fichiers (objectif ≤ ${LOGIN_BUDGET_KB} kB ; tout le build : ${kB(report.allJs.gzipBytes).trim()} kB)`);
if (total > LOGIN_BUDGET_KB * 1000) process.exitCode = 1;
