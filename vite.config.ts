import { defineConfig } from "vite";

// Vite 8 compiles TSX itself (oxc); no React plugin needed (see design.md "Stack").
export default defineConfig({
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
});
