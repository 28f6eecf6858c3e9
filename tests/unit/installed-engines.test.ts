/**
 * A fresh `npm install` must not warn EBADENGINE: every package the lockfile installs on this platform accepts the
 * running Node (cookie@2.0.2, pulled by light-my-request, wanted Node ≥ 22 on our Node 20).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// semver, a devDependency for this test (no types installed for it): the two functions used.
const semver = createRequire(import.meta.url)("semver") as {
  satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
  validRange(range: string): string | null;
};

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

/** npm's platform filter: a list of allowed values, or of refused ones prefixed with "!". */
const allows = (list: string[] | undefined, value: string) =>
  !list || (list.some((v) => !v.startsWith("!")) ? list.includes(value) : !list.includes(`!${value}`));

/** Packages of a package-lock.json whose engines.node the given Node version does not satisfy. */
function unsatisfiedNodeEngines(lock: { packages: Record<string, LockEntry> }, nodeVersion: string) {
  return Object.entries(lock.packages)
    .filter(([location, entry]) => location !== "" && allows(entry.os, process.platform) && allows(entry.cpu, process.arch))
    .flatMap(([location, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range || !semver.validRange(range)) return [];
      return semver.satisfies(nodeVersion, range, { includePrerelease: true }) ? [] : [`${location}@${entry.version}: node ${range}`];
    });
}

const lockfile = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../package-lock.json"), "utf8"));

describe("package-lock.json", () => {
  it("installs no package whose engines.node refuses the running Node", () => {
    expect(unsatisfiedNodeEngines(lockfile, process.version)).toEqual([]);
  });

  it("the check itself reports a package wanting a newer Node (cookie@2.0.2 wants Node 22)", () => {
    const lock = { packages: { "": {}, "node_modules/x/node_modules/cookie": { version: "2.0.2", engines: { node: ">=22" } } } };
    expect(unsatisfiedNodeEngines(lock, "v20.19.0")).toEqual(["node_modules/x/node_modules/cookie@2.0.2: node >=22"]);
    expect(unsatisfiedNodeEngines(lock, "v22.1.0")).toEqual([]);
  });
});
