#!/usr/bin/env node
/**
 * `npm test`: every suite, then one summary line `Tests: N passed, M failed[, K skipped]`.
 *   1. Chromium for the end-to-end tests (Debian's package; installed with apt-get when running as root).
 *   2. The type check (`tsc --noEmit`: Vitest and Vite strip types without checking them) and the linter (ESLint), each
 *      counted as one test in the summary.
 *   3. Vitest, both projects (unit and api).
 *   4. The SPA build into dist/public/ (what the end-to-end tests are served).
 *   5. Playwright.
 *   6. The cluster suite (tests/cluster: HAProxy in front of two instances, the production build from a fresh clone), on the
 *      PostgreSQL server of CLUSTER_DATABASE_URL, else DATABASE_URL, else an embedded one.
 * Exits non-zero when a test fails or a step cannot run. No dependency beyond Node.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "npm-test-"));
// Reachable by the `postgres` user when running as root, so the e2e server keeps its cluster inside it (removed at the end).
fs.chmodSync(tmp, 0o755);
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.error) console.error(`Impossible de lancer ${command} : ${result.error.message}`);
  return result.status === 0;
}

/** "file › test" and the first lines of its error, for each failed test of a Vitest JSON report. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === "failed")
      .map((test) => ({ name: `${path.relative(root, file.name)} › ${test.fullName}`, error: test.failureMessages?.[0] ?? "" })),
  );
}

/** The same for a Playwright JSON report (suites nest; a spec holds a test per project). */
function playwrightFailures(report) {
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.find((result) => result.error)?.error?.message ?? "";
          failures.push({ name: `${spec.file}:${spec.line} › ${spec.title}`, error });
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return failures;
}

/** Failed tests, named again at the end: CI keeps only the tail of a long output. */
const failedTests = [];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** A Debian package the tests need: installed with apt-get when running as root, else explained. */
function ensurePackage({ executable, pkg, variable, purpose }) {
  if (fs.existsSync(executable)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        `${pkg} est introuvable (${executable}) : il est nécessaire ${purpose}.`,
        "Installez-le avec les droits administrateur :",
        `  sudo apt-get update && sudo apt-get install -y ${pkg}`,
        `ou indiquez un autre exécutable dans la variable ${variable}.`,
      ].join("\n"),
    );
    return false;
  }
  return run(`Installation de ${pkg} (apt-get)`, "sh", ["-c", `apt-get update && apt-get install -y ${pkg}`]) && fs.existsSync(executable);
}

const haproxy = process.env.HAPROXY_PATH || "/usr/sbin/haproxy";
if (!ensurePackage({ executable: chromium, pkg: "chromium", variable: "CHROMIUM_PATH", purpose: "aux tests de bout en bout" })) process.exit(1);
if (!ensurePackage({ executable: haproxy, pkg: "haproxy", variable: "HAPROXY_PATH", purpose: "aux tests de la grappe (deux instances)" })) process.exit(1);

// Checks that are not test files: one line each in the summary, passed or failed.
for (const [title, script] of [
  ["Vérification des types (tsc)", "typecheck"],
  ["Analyse du code (ESLint)", "lint"],
]) {
  const ok = run(title, "npm", ["run", "--silent", script]);
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failedSteps.push(script);
  }
}

// Vitest: unit and api projects; the JSON report gives the counts.
const vitestReport = path.join(tmp, "vitest.json");
const vitestOk = run("Tests unitaires et d'API (Vitest)", "npx", ["--no-install", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  failedTests.push(...vitestFailures(vitest));
}
if (!vitestOk || !vitest) failedSteps.push("Vitest");

// The end-to-end tests run against the built SPA.
const buildOk = run("Construction de l'application (vite build)", "npx", ["--no-install", "vite", "build", "--logLevel", "warn"]);
if (!buildOk) failedSteps.push("vite build");

if (buildOk) {
  const playwrightReport = path.join(tmp, "playwright.json");
  // The server's data directory (embedded PostgreSQL, outbox) lives in our temporary folder, removed below once
  // Playwright has stopped the server.
  const playwrightOk = run("Tests de bout en bout (Playwright)", "npx", ["--no-install", "playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_DATA_DIR: path.join(tmp, "e2e-data"),
  });
  const playwright = readJson(playwrightReport);
  const stats = playwright?.stats;
  failedTests.push(...playwrightFailures(playwright));
  if (stats) {
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    if (stats.flaky) console.log(`Attention : ${stats.flaky} test(s) de bout en bout réussi(s) seulement au second essai (instables).`);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  }
  if (!playwrightOk || !stats) failedSteps.push("Playwright");
}

// The cluster suite: its own Vitest configuration, counted like the others.
const clusterReport = path.join(tmp, "cluster.json");
const clusterOk = run("Tests de la grappe (HAProxy, deux instances, construction de production)", "npx", [
  "--no-install",
  "vitest",
  "run",
  "--config",
  "vitest.cluster.config.ts",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${clusterReport}`,
]);
const cluster = readJson(clusterReport);
if (cluster) {
  totals.passed += cluster.numPassedTests ?? 0;
  totals.failed += cluster.numFailedTests ?? 0;
  totals.skipped += (cluster.numPendingTests ?? 0) + (cluster.numTodoTests ?? 0);
  failedTests.push(...vitestFailures(cluster));
}
if (!clusterOk || !cluster) failedSteps.push("grappe");

fs.rmSync(tmp, { recursive: true, force: true });
console.log("");
for (const { name, error } of failedTests) {
  // The error's first lines, without the terminal's colours nor the test runner's own frames: what failed and where.
  const lines = stripVTControlCharacters(error)
    .split("\n")
    .filter((line) => line.trim() && !/node_modules|<anonymous>/.test(line))
    .slice(0, 6);
  console.log([`Test en échec : ${name}`, ...lines.map((line) => `    ${line.slice(0, 300)}`)].join("\n"));
}
if (failedSteps.length) console.log(`Étapes en échec : ${failedSteps.join(", ")}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped > 0 ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
