#!/usr/bin/env node
/**
 * `npm run migrate`, `npm run user:create`: runs a server tool from its sources when tsx is installed (development), else its
 * compiled version from dist/server (production, after `npm run build` and `npm ci --omit=dev`). Usage: server-tool.mjs <name> [args…]
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...args] = process.argv.slice(2);
const source = path.join(root, "server", "cli", `${name}.ts`);
const compiled = path.join(root, "dist", "server", `${name}.js`);
const withTsx = fs.existsSync(path.join(root, "node_modules", "tsx"));
if (!withTsx && !fs.existsSync(compiled)) {
  console.error(`${path.relative(root, compiled)} manque : construisez d'abord le serveur (npm run build).`);
  process.exit(1);
}
const command = withTsx ? ["--import", "tsx", source] : [compiled];
const run = spawnSync(process.execPath, [...command, ...args], { stdio: "inherit" });
process.exit(run.status ?? 1);
