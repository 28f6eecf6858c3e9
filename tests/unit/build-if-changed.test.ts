import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildReason, sourceFingerprint, STAMP_FILE } from "../../scripts/build-if-changed";

let root: string;
let outDir: string;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};
/** What a successful build leaves behind. */
const build = (env: NodeJS.ProcessEnv = {}) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "index.html"), "<html></html>");
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${sourceFingerprint(root, env)}\n`);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "build-if-changed-"));
  outDir = path.join(root, "dist");
  write("index.html", "<div id=root></div>");
  write("src/main.tsx", "render()");
  write("resources/employees/schema.ts", "export {}");
  write("package-lock.json", "{}");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("build only when the sources changed", () => {
  it("builds the first time, then not again while nothing changes", () => {
    expect(buildReason(root, outDir, {})).toBe("aucune construction précédente");
    build();
    expect(buildReason(root, outDir, {})).toBeUndefined();
  });

  it("builds again after a dist/ without stamp (built by hand)", () => {
    build();
    fs.rmSync(path.join(outDir, STAMP_FILE));
    expect(buildReason(root, outDir, {})).toBe("construction précédente sans empreinte");
  });

  it.each([
    ["a source edited", () => write("src/main.tsx", "render(<App />)")],
    ["a source touched (same size, newer time)", () => fs.utimesSync(path.join(root, "src/main.tsx"), new Date(), new Date(Date.now() + 5_000))],
    ["a file added", () => write("src/new-screen.tsx", "x")],
    ["a file removed", () => fs.rmSync(path.join(root, "resources/employees/schema.ts"))],
    ["a dependency changed", () => write("package-lock.json", '{"lockfileVersion":3}')],
    ["vite.config.ts created", () => write("vite.config.ts", "export default {}")],
  ])("builds again after %s", (_what, change) => {
    build();
    change();
    expect(buildReason(root, outDir, {})).toBe("sources modifiées depuis la dernière construction");
  });

  it("builds again when PRODUCTION_HOST (read at build time) differs", () => {
    build({ PRODUCTION_HOST: "formation.example.fr" });
    expect(buildReason(root, outDir, { PRODUCTION_HOST: "formation.example.fr" })).toBeUndefined();
    expect(buildReason(root, outDir, {})).toBe("sources modifiées depuis la dernière construction");
  });

  it("ignores what the build does not read (server code, tests, dist itself)", () => {
    build();
    write("server/app.ts", "changed");
    write("tests/unit/x.test.ts", "changed");
    fs.writeFileSync(path.join(outDir, "extra.js"), "x");
    expect(buildReason(root, outDir, {})).toBeUndefined();
  });
});
