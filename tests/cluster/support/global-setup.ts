/**
 * The cluster suite's shared parts: a PostgreSQL server (CLUSTER_DATABASE_URL, else DATABASE_URL, else an embedded one started
 * here; each test file creates and drops its own `svc_…` database on it), HAProxy (Debian's; `npm test` installs it when
 * missing), and the server compiled as `npm run build` does, into .tmp/cluster-server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { EmbeddedPostgres } from "../../../server/db/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    clusterServerUrl: string;
    compiledServer: string;
  }
}

const root = path.resolve(import.meta.dirname, "../../..");
export const HAPROXY = process.env.HAPROXY_PATH || "/usr/sbin/haproxy";

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  if (!fs.existsSync(HAPROXY)) {
    throw new Error(
      `HAProxy est introuvable (${HAPROXY}) : il répartit les requêtes entre les deux instances de ces tests. ` +
        "Installez-le (apt-get update && apt-get install -y haproxy, ce que fait npm test en root) ou indiquez HAPROXY_PATH.",
    );
  }
  const compiled = path.join(root, ".tmp", "cluster-server");
  const build = spawnSync(process.execPath, ["scripts/build-server.mjs", compiled], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("La compilation du serveur a échoué");

  let serverUrl = process.env.CLUSTER_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-pg-"));
    fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach its cluster
    const { startEmbeddedPostgres } = await import("../../../server/db/embedded-postgres");
    embedded = await startEmbeddedPostgres({ dataDir, database: "postgres", log: () => undefined });
    serverUrl = embedded.url;
  }
  project.provide("clusterServerUrl", serverUrl);
  project.provide("compiledServer", compiled);
  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
