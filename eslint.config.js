import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import boundaries from "./scripts/lint/import-boundaries.js";

/** What the browser bundle is made of (design.md "Layout"): it never reaches into the server. */
const SPA = ["src/", "providers/", "resources/"];
const UI_PACKAGES = ["react", "react-dom", "react/*", "react-dom/*", "react-router", "react-hook-form", "@mantine/*", "@refinedev/*", "@tabler/*", "@emotion/*", "@hookform/*"];

export default defineConfig(
  { ignores: ["dist/", ".dist-e2e/", "data/", ".tmp/", "test-results/", "playwright-report/", "bench-results/", "server/db/migrations/"] },
  // A disable comment that no longer silences anything is an error: it would hide the next real finding.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // The project's convention (and tsc's noUnusedLocals'): a leading underscore names what is left out on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    // React code only: Playwright's fixtures also call a function named `use`.
    files: SPA.map((dir) => `${dir}**/*.{ts,tsx}`),
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { console: "readonly", process: "readonly", URL: "readonly" } },
  },
  {
    // The boundaries of design.md "Layout", judged on the file each import resolves to.
    files: ["server/**/*.ts", ...SPA.map((dir) => `${dir}**/*.{ts,tsx}`)],
    plugins: { boundaries },
    rules: {
      "boundaries/import-boundaries": [
        "error",
        [
          { from: ["server/"], forbid: ["src/", ".tsx"], message: "Le serveur n'importe ni l'interface (src/) ni un fichier .tsx" },
          { from: SPA, forbid: ["server/"], message: "L'application (src/, providers/, resources/) n'importe rien de server/" },
        ],
      ],
    },
  },
  {
    // One way to the API (providers/data-provider.ts: apiFetch, apiUpload): a 401 then signs out whichever call met it.
    files: SPA.map((dir) => `${dir}**/*.{ts,tsx}`),
    ignores: ["providers/data-provider.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Appeler l'API par apiFetch ou apiRequest (providers/data-provider.ts)." },
        { name: "XMLHttpRequest", message: "Envoyer un fichier par apiUpload (providers/data-provider.ts)." },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: UI_PACKAGES, message: "Le serveur n'importe aucune bibliothèque d'interface." }] }],
    },
  },
  {
    // Routes decide, repositories read and write (server/repositories/): a route names no table.
    files: ["server/routes/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: UI_PACKAGES, message: "Le serveur n'importe aucune bibliothèque d'interface." },
            { group: ["**/db/schema", "**/db/schema/*", "drizzle-orm"], message: "Une route passe par un dépôt (server/repositories/) pour lire ou écrire une table." },
          ],
        },
      ],
    },
  },
);
