import path from "node:path";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite/precompress";

// Vite 8 compiles TSX itself (oxc); no React plugin needed (see design.md "Stack").
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
