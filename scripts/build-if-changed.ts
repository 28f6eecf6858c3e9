/**
 * `npm start`'s first step: build the SPA into dist/public/ only when its sources changed since the last build
 * (a rebuild costs ~12 s; the server alone starts in ~3). The stamp dist/public/.build-stamp holds a fingerprint of the
 * inputs: path, size and modification time of every file, plus the environment read at build time.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build reads (vite.config.ts, the SPA and the code it shares with the server, the locked dependencies). */
export const BUILD_INPUTS = ["index.html", "src", "resources", "providers", "public", "vite.config.ts", "tsconfig.json", "package-lock.json"];
/** Read by vite.config.ts: a different value needs a new build. */
const BUILD_ENV = ["PRODUCTION_HOST"];
export const STAMP_FILE = ".build-stamp";

function listFiles(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => listFiles(root, path.join(entry, name)));
}

export function sourceFingerprint(root: string, env: NodeJS.ProcessEnv = process.env, inputs = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((entry) => listFiles(root, entry))) {
    const stat = fs.statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  for (const name of BUILD_ENV) hash.update(`${name}=${env[name] ?? ""}\n`);
  return hash.digest("hex");
}

/** Why a build is needed, or undefined when dist/public/ is up to date. */
export function buildReason(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!fs.existsSync(path.join(outDir, "index.html"))) return "aucune construction précédente";
  const stamp = path.join(outDir, STAMP_FILE);
  if (!fs.existsSync(stamp)) return "construction précédente sans empreinte";
  if (fs.readFileSync(stamp, "utf8").trim() !== sourceFingerprint(root, env)) return "sources modifiées depuis la dernière construction";
  return undefined;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const outDir = path.join(root, "dist", "public");
  const reason = buildReason(root, outDir);
  if (!reason) {
    console.log("Application déjà construite et à jour (dist/public/) : pas de reconstruction.");
    return;
  }
  console.log(`Construction de l'application (${reason})…`);
  // Taken before the build: a file edited while it runs makes the next start build again.
  const fingerprint = sourceFingerprint(root);
  const vite = spawnSync(path.join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${fingerprint}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
