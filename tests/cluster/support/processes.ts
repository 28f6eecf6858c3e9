/**
 * The processes of the cluster suite: server instances (the compiled server in production mode), HAProxy in front of them,
 * a database of the suite's own on the PostgreSQL server, and free ports.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { HAPROXY } from "./global-setup";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds, at most `timeoutMs`: waiting for a condition, never for a fixed time. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A database of its own on the suite's PostgreSQL server, dropped by `drop`. */
export async function createDatabase(serverUrl: string, label: string) {
  const name = `svc_${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await pool.query<T>(text, values)).rows,
    async drop() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** The JSON lines it logged, parsed. */
  lines(): Record<string, unknown>[];
  /** Its output as written (for a failure's message). */
  output(): string;
  exited: Promise<number | null>;
  process: ChildProcess;
}

/** Starts the compiled server (`node main.js`, in `cwd`: the application's directory); not yet ready, see `ready`. */
export function startInstance(compiledServer: string, name: string, port: number, env: Record<string, string>, cwd?: string): Instance {
  const child = spawn(process.execPath, [path.join(compiledServer, "main.js")], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    exited,
    output: () => output,
    lines: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export async function ready(instance: Instance, timeoutMs = 120_000): Promise<void> {
  let exitCode: number | null | undefined;
  void instance.exited.then((code) => (exitCode = code));
  await until(
    `${instance.name} prête`,
    async () => {
      if (exitCode !== undefined) throw new Error(`${instance.name} s'est arrêtée (code ${exitCode}) :\n${instance.output()}`);
      return fetch(`${instance.url}/api/health/ready`).then((r) => r.status === 200, () => false);
    },
    timeoutMs,
  );
}

export interface Haproxy {
  url: string;
  /** HAProxy's view of a server: UP, DOWN, … (its statistics page). */
  status(server: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * HAProxy in front of the instances, as the README's example: health checks on /api/health/ready (every 250 ms here, two
 * failures take a server out, one success puts it back), a new server connection per request, a refused connection retried
 * on the other server (nothing was sent: safe for writes too).
 */
export async function startHaproxy(servers: { name: string; port: number }[]): Promise<Haproxy> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haproxy-"));
  const config = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 512",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      // A check answered late by a busy instance is not a failed one (without it, the check's timeout is its interval).
      "  timeout check 3s",
      "  retries 3",
      "  option redispatch",
      "  option http-server-close",
      "frontend api",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /api/health/ready",
      "  http-check expect status 200",
      "  default-server inter 250ms fall 2 rise 1",
      ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
      "frontend stats",
      `  bind 127.0.0.1:${statsPort}`,
      "  stats enable",
      "  stats uri /stats",
      "",
    ].join("\n"),
  );
  const child = spawn(HAPROXY, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await until("HAProxy à l'écoute", async () => {
    if (child.exitCode !== null) throw new Error(`HAProxy s'est arrêté :\n${output}`);
    return fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then((r) => r.ok, () => false);
  });
  return {
    url,
    async status(server) {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
      const row = csv.split("\n").find((line) => line.startsWith(`instances,${server},`));
      // Column 18 of the CSV is the status.
      return row?.split(",")[17];
    },
    async close() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
