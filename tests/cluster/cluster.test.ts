/**
 * Two instances of the compiled server, in production mode, on one PostgreSQL database, behind HAProxy; media on an
 * S3-protocol server, mail through a real SMTP server. What several instances must share, they share; what must happen once,
 * happens once; a rolling restart under load fails no request.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newId } from "../../server/db/ids";
import { pdfUpload, SMALL_PDF } from "../api/support/multipart";
import { sessionBody } from "../api/support/sessions";
import { trainingBody } from "../api/support/trainings";
import { withLuhnKey } from "../support/sirets";
import { startTestS3, type TestS3 } from "../support/s3";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { startLoad } from "./support/load";
import { createDatabase, freePort, ready, startHaproxy, startInstance, until, type Haproxy, type Instance } from "./support/processes";

const compiled = inject("compiledServer");
const PASSWORD = "Cluster-Essai-2026!";
const EMAIL = "premier.admin@region.test";
/** Readiness fails this long before an instance stops listening: HAProxy takes it out after two failed checks 250 ms apart. */
const DRAIN_MS = 2_000;

let database: Awaited<ReturnType<typeof createDatabase>>;
let s3: TestS3;
let smtp: TestSmtp;
let lb: Haproxy;
let env: Record<string, string>;
const ports: Record<"a" | "b", number> = { a: 0, b: 0 };
const instances: Partial<Record<"a" | "b", Instance>> = {};
/** Every process started, for the checks on all their logs. */
const started: Instance[] = [];

const start = (name: "a" | "b") => {
  const instance = startInstance(compiled, name, ports[name], env);
  instances[name] = instance;
  started.push(instance);
  return instance;
};
const messages = (instance: Instance) => instance.lines().map((line) => String(line.msg));

async function stop(name: "a" | "b"): Promise<number | null> {
  const instance = instances[name]!;
  instance.process.kill("SIGTERM");
  return instance.exited;
}

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // Answers read loosely: this suite checks behaviour across instances, the API tests check the shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, json: () => JSON.parse(text) as Record<string, any>, text };
}

async function signIn(base: string, email = EMAIL, password = PASSWORD) {
  const res = await call(base, "POST", "/api/auth-sessions", undefined, { email, password, longTTL: false });
  expect(res.status, res.text).toBe(201);
  return res.json().data.token as string;
}

beforeAll(async () => {
  [database, s3, smtp] = await Promise.all([createDatabase(inject("clusterServerUrl"), "cluster"), startTestS3(), startTestSmtp()]);
  ports.a = await freePort();
  ports.b = await freePort();
  env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(48).toString("base64"),
    PUBLIC_URL: "https://formation.exemple.fr",
    SMTP_URL: smtp.url,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    MEDIA_PURGE_INTERVAL_MS: "1000",
    // The rolling restart's clients loop as fast as answers come: the per-user limit is tests/api/user-rate-limit.test.ts's.
    USER_RATE_LIMIT: "0",
    ...s3.env,
  };
});

afterAll(async () => {
  for (const instance of Object.values(instances)) instance?.process.kill("SIGTERM");
  await Promise.all(Object.values(instances).map((instance) => instance?.exited));
  await lb?.close();
  await Promise.all([database?.drop(), s3?.close(), smtp?.close()]);
});

describe("two instances starting together", () => {
  it("migrate once: one applies every migration, the other waits for it and finds the database current", async () => {
    const [a, b] = [start("a"), start("b")];
    await Promise.all([ready(a), ready(b)]);
    const applied = [...messages(a), ...messages(b)].filter((msg) => msg.startsWith("Migrations"));
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.sort()).toEqual([`Migrations appliquées : ${n}.`, "Migrations : base à jour."].sort());
    expect(n).toBeGreaterThan(10);
    // Production mode: no demo data, no account at all until user:create.
    expect(await database.query("select id from employees")).toEqual([]);
    lb = await startHaproxy([
      { name: "a", port: ports.a },
      { name: "b", port: ports.b },
    ]);
    await until("HAProxy voit les deux instances", async () => (await lb.status("a")) === "UP" && (await lb.status("b")) === "UP");
  });
});

describe("the first account", () => {
  const userCreate = (args: string[], password = PASSWORD) =>
    spawnSync(process.execPath, [path.join(compiled, "user-create.js"), ...args], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url, NODE_ENV: "production", USER_PASSWORD: password, ...env },
      encoding: "utf8",
    });

  it("comes from user:create with --email and --role, refuses a weak password and an e-mail already taken", () => {
    const weak = userCreate(["--email", EMAIL, "--role", "rol_sup-admin"], "faible");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("Mot de passe refusé");
    const created = userCreate(["--email", EMAIL, "--role", "rol_sup-admin"]);
    expect(created.status, created.stderr + created.stdout).toBe(0);
    expect(created.stdout).toContain("Compte créé.");
    expect(created.stdout).not.toContain(EMAIL);
    const again = userCreate(["--email", EMAIL.toUpperCase(), "--role", "rol_admin"]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("--email : Ce mail est déjà utilisé pour un autre employé.");
  });
});

describe("shared state", () => {
  it("a token signed by A is accepted by B", async () => {
    const token = await signIn(instances.a!.url);
    const me = await call(instances.b!.url, "GET", "/api/users/me", token);
    expect(me.status).toBe(200);
    expect(me.json().data).toMatchObject({ email: EMAIL, role: { id: "rol_sup-admin" } });
  });

  it("five wrong passwords spread over A and B throttle as five on one: the sixth try is refused on either", async () => {
    const email = "cible@region.test";
    for (const instance of ["a", "b", "a", "b", "a"] as const) {
      const res = await call(instances[instance]!.url, "POST", "/api/auth-sessions", undefined, { email, password: "Mauvais-2026!", longTTL: false });
      expect(res.status).toBe(403);
    }
    for (const instance of ["b", "a"] as const) {
      const res = await call(instances[instance]!.url, "POST", "/api/auth-sessions", undefined, { email, password: "Mauvais-2026!", longTTL: false });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
  });
});

/** Organisations straight in the database (the API's own tests cover their creation), a training and a session through B. */
async function sessionOnB(token: string) {
  const organization = async (name: string, email: string | null) => {
    const id = newId();
    await database.query("insert into organizations (id, name, siret, email) values ($1, $2, $3, $4)", [
      id,
      name,
      withLuhnKey(String(1_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999))),
      email,
    ]);
    return id;
  };
  const educational = await organization("CENTRE DE FORMATION", null);
  const contracting = await organization("RÉGION TEST", "financement@region.test");
  const training = await call(instances.b!.url, "POST", "/api/trainings", token, trainingBody({ educational, contracting }));
  expect(training.status, training.text).toBe(201);
  const session = await call(instances.b!.url, "POST", "/api/sessions", token, sessionBody(training.json().data.id, { startDate: "2025-09-01", endDate: "2025-12-19" }));
  expect(session.status, session.text).toBe(201);
  return session.json().data.id as string;
}

async function upload(base: string, token: string): Promise<string> {
  const body = pdfUpload(SMALL_PDF, "feuille.pdf");
  const res = await fetch(`${base}/api/medias/temporary`, { method: "POST", headers: { ...body.headers, authorization: `Bearer ${token}` }, body: new Uint8Array(body.payload) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

let sessionId: string;

describe("media on S3", () => {
  it("a PDF uploaded through A downloads through B", async () => {
    const token = await signIn(instances.a!.url);
    sessionId = await sessionOnB(token);
    const id = await upload(instances.a!.url, token);
    const patched = await call(instances.a!.url, "PATCH", `/api/sessions/${sessionId}`, token, { medias: { kairosCertificate: { id } } });
    expect(patched.status, patched.text).toBe(200);
    const res = await fetch(`${instances.b!.url}/api/sessions/${sessionId}/medias/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(SMALL_PDF)).toBe(true);
  });

  it("an expired temporary is purged once for the cluster, its object and row together", async () => {
    const token = await signIn(instances.b!.url);
    const id = await upload(instances.b!.url, token);
    expect(s3.keys()).toContain(id);
    await database.query("update medias set created_at = now() - interval '25 hours' where id = $1", [id]);
    const purges = () => [instances.a!, instances.b!].flatMap((instance) => instance.lines().filter((line) => line.msg === "Fichiers temporaires expirés supprimés"));
    await until("purge du fichier expiré", async () => (await database.query("select id from medias where id = $1", [id])).length === 0);
    // The instance logs the purge once its transaction has committed, and the line then crosses its stdout: wait for it too.
    await until("journal de la purge", () => purges().length > 0);
    expect(s3.keys()).not.toContain(id);
    expect(purges()).toHaveLength(1);
    expect(purges()[0]).toMatchObject({ count: 1 });
  });
});

describe("the bilan mail", () => {
  it("is sent once, whichever instance validates and however often the validated bilan is sent again", async () => {
    const token = await signIn(lb.url);
    const bilan = { objective: "Former", targetedQualification: "Titre", level: "LEVEL_3", program: "Programme", improvements: "", validatedAssessment: true };
    expect((await call(lb.url, "PATCH", `/api/sessions/${sessionId}`, token, { result: bilan })).status).toBe(200);
    for (const instance of [instances.a!, instances.b!]) {
      expect((await call(instance.url, "PATCH", `/api/sessions/${sessionId}`, token, { result: bilan })).status).toBe(200);
    }
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["financement@region.test"]);
    // The count is checked again once every instance has stopped, their mailers flushed (the last test).
  });
});

describe("a rolling restart under load", () => {
  it("SIGTERM A, start it, then B: 8 clients reading and writing through HAProxy see no failed request", async () => {
    const token = await signIn(lb.url);
    const load = startLoad(lb.url, token, 8);
    await until("charge en route", () => load.done() >= 40);

    for (const name of ["a", "b"] as const) {
      const before = load.done();
      expect(await stop(name)).toBe(0);
      const stopped = messages(instances[name]!);
      expect(stopped).toContain("Serveur arrêté.");
      expect(stopped.some((msg) => msg.startsWith("Arrêt demandé"))).toBe(true);
      // The other instance alone served the clients meanwhile.
      expect(load.done()).toBeGreaterThan(before);
      const restarted = start(name);
      await ready(restarted);
      await until(`HAProxy remet ${name} en service`, async () => (await lb.status(name)) === "UP");
      const servesClients = () => restarted.lines().some((line) => line.msg === "incoming request" && (line.req as { url: string }).url !== "/api/health/ready");
      await until(`${name} sert de nouveau les clients`, servesClients);
    }
    const afterRestarts = load.done();
    await until("charge après les redémarrages", () => load.done() >= afterRestarts + 40);
    const total = await load.stop();
    console.info(`Redémarrage roulant : ${total} requêtes de 8 clients, ${load.failures.length} en échec`);

    expect(load.failures).toEqual([]);
    expect(total).toBeGreaterThan(100);
  });

  it("stops every instance cleanly, and the bilan mail was sent once in all", async () => {
    for (const name of ["a", "b"] as const) expect(await stop(name)).toBe(0);
    const aboutSession = smtp.received.filter((mail) => mail.raw.replace(/=\r?\n/g, "").includes(`/sessions/${sessionId}`));
    expect(aboutSession).toHaveLength(1);
    // No personal data in any instance's log: neither the e-mails nor a token.
    const logs = started.map((instance) => instance.output()).join("\n");
    expect(logs).not.toContain(EMAIL);
    expect(logs).not.toContain("financement@region.test");
    expect(logs).not.toMatch(/"level":50/);
  });
});
