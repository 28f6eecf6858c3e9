/**
 * ESLint rule `boundaries/import-boundaries` (design.md "Layout"): which side of the product may import which file, judged
 * on the file an import resolves to (imports carry no extension, so a `.tsx` cannot be told from the specifier alone).
 * Options: `[{ from, forbid, message }]`, `from` and `forbid` being lists of path prefixes or suffixes relative to the
 * project root ("server/", ".tsx").
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The project file a relative specifier names, relative to the root ("resources/employees/list.tsx"), or null. */
function resolveRelative(file, specifier) {
  const base = path.resolve(path.dirname(file), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  return null;
}

const matches = (relative, patterns) => patterns.some((p) => (p.startsWith(".") ? relative.endsWith(p) : relative.startsWith(p)));

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Keeps the server, the shared schemas and the SPA on their side of design.md's boundaries" },
    schema: [
      {
        type: "array",
        items: {
          type: "object",
          properties: { from: { type: "array", items: { type: "string" } }, forbid: { type: "array", items: { type: "string" } }, message: { type: "string" } },
          required: ["from", "forbid", "message"],
          additionalProperties: false,
        },
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const self = path.relative(ROOT, file);
    const boundaries = (context.options[0] ?? []).filter((b) => matches(self, b.from));
    if (!boundaries.length) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = resolveRelative(file, specifier);
      if (!target) return;
      for (const boundary of boundaries) {
        if (matches(target, boundary.forbid)) context.report({ node: node.source, message: `${boundary.message} (${target})` });
      }
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { "import-boundaries": rule } };
