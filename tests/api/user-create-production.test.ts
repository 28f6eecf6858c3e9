/**
 * `npm run user:create` in production mode (issue 40, point 18): the tool needs what it uses, DATABASE_URL, and not the
 * server's PUBLIC_URL, SMTP_URL or JWT_SECRET. Run as the README writes it, on a test database.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "./support/test-app";

const t = await createTestApp();
afterAll(() => t.close());

const root = path.resolve(import.meta.dirname, "../..");

/** The tool run as `npm run user:create` runs it (scripts/server-tool.mjs), with only `env` and the path. */
function userCreate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", "server-tool.mjs"), "user-create", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("npm run user:create in production mode", () => {
  it("creates the account with NODE_ENV=production and DATABASE_URL alone (no PUBLIC_URL, SMTP_URL nor JWT_SECRET)", async () => {
    const email = `exploitation.${Date.now()}@region.test`;
    const env = { NODE_ENV: "production", DATABASE_URL: t.databaseUrl, USER_PASSWORD: "Exploitation-2026!", LOG_LEVEL: "silent" };
    const run = await userCreate(["--email", email, "--role", "rol_sup-admin"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const rows = await t.query<{ role_id: string }>("select role_id from employees where email = $1", [email]);
    expect(rows).toEqual([{ role_id: "rol_sup-admin" }]);
  }, 60_000);

  it("still says that DATABASE_URL is missing", async () => {
    const run = await userCreate(["--email", "x@region.test", "--role", "rol_sup-admin"], { NODE_ENV: "production", USER_PASSWORD: "Exploitation-2026!" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("DATABASE_URL manque");
    expect(run.stderr).not.toMatch(/PUBLIC_URL|SMTP_URL|JWT_SECRET/);
  }, 60_000);
});
