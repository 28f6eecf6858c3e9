import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";

// Vite 8 compiles TSX itself (oxc); no React plugin needed (see design.md "Stack").

/**
 * Every text file of the build gets its brotli (quality 11) and gzip (level 9) copies beside it, which
 * @fastify/static serves as they are (`preCompressed`), so no answer is compressed on the fly with a weaker setting
 * (issue 37: /login's JavaScript on the wire). A plugin of this file: Vite's native config loader wants no import without
 * its extension, which TypeScript's settings here refuse.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // .vite/manifest.json is read by our scripts, never served.
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        const content = fs.readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  define: {
    // The test-mode banner shows whenever the page's host differs from this one; empty (unset) means always.
    __PRODUCTION_HOST__: JSON.stringify(process.env.PRODUCTION_HOST ?? ""),
  },
  resolve: {
    // Refine's `qs` from qs-esm (src/lib/qs.ts): same parse and stringify, ~30 kB less on the first load.
    alias: [{ find: /^qs$/, replacement: path.resolve(import.meta.dirname, "src/lib/qs.ts") }],
  },
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    // dist/server holds the compiled server (scripts/build-server.mjs): the SPA has its own folder, the only one served.
    outDir: "dist/public",
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json says which chunk each route became and what it imports: `npm run size:login` follows it.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Refine's bundles import CSV (papaparse) and Markdown (react-markdown and its unified/micromark chain) at top
        // level; those packages do not declare themselves free of side effects, so unused they would still ship in
        // the entry chunk. They are pure: declaring it keeps them out of /login.
        moduleSideEffects: [
          {
            test: /node_modules\/(papaparse|react-markdown|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|remark-[^/]+|property-information|space-separated-tokens|comma-separated-tokens|html-url-attributes|devlop|bail|trough|is-plain-obj|decode-named-character-reference|character-entities[^/]*|style-to-js|style-to-object|inline-style-parser|estree-util-[^/]+|trim-lines|zwitch|longest-streak|ccount|markdown-table)\//,
            sideEffects: false,
          },
        ],
      },
      onLog(level, log, handler) {
        // React Query's "use client" directives mean nothing in a client-only bundle.
        if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
        handler(level, log);
      },
    },
  },
});
