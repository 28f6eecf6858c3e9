/**
 * The write cases of `npm run bench`: 8 clients of one write as resp-of (the largest training organisation) while 8 other
 * clients read lists as gest-cdc, each write on a row of its own (a free trainee per creation, a record in SETUP per status
 * change), the saves sending back what the page read. AGORA is the in-process simulator, which answers at once.
 * No bare baseline: creations and status changes go through the simulator's state (replaying their SQL would replay refusals),
 * and the saves run in transactions on a client of their own, which the pool capture does not see.
 */
import http from "node:http";
import type pg from "pg";
import { sessionInformationSchema } from "../../resources/sessions/information";
import { traineeUpdateSchema } from "../../resources/trainees/schema";
import { get, send, type LoadTarget } from "./load";
import { summarize, type LatencySummary } from "./stats";

export interface WriteRequest {
  method: "POST" | "PATCH";
  path: string;
  body: unknown;
}

export interface WriteCase {
  name: string;
  /** The next write, or undefined when the rows prepared for it are used up. */
  next: () => WriteRequest | undefined;
}

export type Measured = LatencySummary & { statuses: Record<string, number> };

export interface WriteResult {
  name: string;
  writes: Measured;
  /** The readers' lists meanwhile. */
  reads: Measured;
  cpuMsPerWrite?: number;
}

/** The keys of a zod object: what a PATCH body keeps of the answer read (the answer's other fields are not the body's). */
const pick = (keys: readonly string[], data: Record<string, unknown>) => Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]]));
const rotating = <T>(items: readonly T[]) => {
  let k = 0;
  return () => (items.length === 0 ? undefined : items[k++ % items.length]);
};
const once = <T>(items: readonly T[]) => {
  let k = 0;
  return () => items[k++];
};

async function readData(port: number, headers: Record<string, string>, path: string): Promise<Record<string, unknown> | undefined> {
  const agent = new http.Agent({ keepAlive: false });
  const { status, body } = await get(agent, { port, path, headers });
  return status === 200 ? ((JSON.parse(body) as { data: Record<string, unknown> }).data) : undefined;
}

/** The rows each write case needs, in the scope of `organizationId` (resp-of's), `count` of each at most. */
export async function prepareWriteCases(client: pg.ClientBase, port: number, headers: Record<string, string>, organizationId: string, count: number): Promise<WriteCase[]> {
  const ids = async (sql: string, params: unknown[] = [organizationId, count]) => (await client.query<{ id: string }>(sql, params)).rows.map((row) => row.id);
  const freeTrainees = await ids(
    `select t.id from trainees t where t.email like '%@bench.test' and not exists (select 1 from records r where r.trainee_id = t.id) order by t.id limit $1`,
    [count],
  );
  // Sessions the data-quality gate lets through (one of their records passed every check, the session's and training's included):
  // a training without its place, as the seed makes one in ten, is the gate's 422 by design, not a creation to measure.
  const futureSessions = await ids(
    `select s.id from sessions s where s.educational_organization_id = $1 and s.start_date > current_date
       and exists (select 1 from records r where r.session_id = s.id and r.quality_blocking = false) order by s.start_date limit least($2, 200)`,
  );
  const setupRecords = await ids(
    `select r.id from records r join sessions s on s.id = r.session_id where s.educational_organization_id = $1 and r.status = 'SETUP'
       and not r.quality_blocking and not r.last_exchange_failed order by r.id limit $2`,
  );
  const sessionIds = await ids(`select id from sessions where educational_organization_id = $1 order by updated_at desc limit least($2, 100)`);
  const traineeIds = await ids(
    `select t.id from trainees t join records r on r.trainee_id = t.id join sessions s on s.id = r.session_id
     where s.educational_organization_id = $1 order by t.updated_at desc limit least($2, 100)`,
  );
  const surveyIds = await ids(
    `select f.id from record_fse f join records r on r.id = f.record_id join sessions s on s.id = r.session_id
     where s.educational_organization_id = $1 order by f.updated_at desc limit least($2, 100)`,
  );

  const sessionKeys = Object.keys(sessionInformationSchema.shape);
  const sessionBodies = (await Promise.all(sessionIds.map((id) => readData(port, headers, `/api/sessions/${id}`))))
    .map((session, k) => session && { method: "PATCH" as const, path: `/api/sessions/${sessionIds[k]}`, body: { information: pick(sessionKeys, session.information as Record<string, unknown>) } });
  const traineeKeys = Object.keys(traineeUpdateSchema.shape);
  const traineeBodies = (await Promise.all(traineeIds.map((id) => readData(port, headers, `/api/trainees/${id}`))))
    .map((trainee, k) => trainee && { method: "PATCH" as const, path: `/api/trainees/${traineeIds[k]}`, body: pick(traineeKeys, trainee) });
  const { rows: surveys } = await client.query<{ id: string; record_id: string }>("select id, record_id from record_fse where id = any($1)", [surveyIds]);
  const surveyBodies = (
    await Promise.all(surveys.map(async ({ id, record_id }) => {
      const all = (await readData(port, headers, `/api/recordFse/${record_id}`)) as unknown as { id: string; information: Record<string, unknown> }[] | undefined;
      const survey = all?.find((s) => s.id === id);
      // No version: each client saves over the others' saves of the same survey, as the last one to save would.
      return survey && { method: "PATCH" as const, path: `/api/recordFse/${id}`, body: { information: survey.information } };
    }))
  );
  const defined = <T>(items: (T | undefined)[]) => items.filter((item): item is T => item !== undefined);
  const pairs = freeTrainees.map((traineeId, k) => ({ traineeId, sessionId: futureSessions[k % Math.max(1, futureSessions.length)]! }));
  return [
    { name: "création d'un dossier", next: (() => { const take = once(futureSessions.length ? pairs : []); return () => { const body = take(); return body && { method: "POST" as const, path: "/api/records", body }; }; })() },
    { name: "changement de statut", next: (() => { const take = once(setupRecords); return () => { const id = take(); return id === undefined ? undefined : { method: "PATCH" as const, path: `/api/records/${id}/status`, body: { status: "VALIDATED" } }; }; })() },
    { name: "session (Informations)", next: rotating(defined(sessionBodies)) },
    { name: "stagiaire", next: rotating(defined(traineeBodies)) },
    { name: "questionnaire FSE", next: rotating(defined(surveyBodies)) },
  ];
}

interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
}

/** `concurrency` clients each sending `next()` until `done()`; a request's latency counts once `counting()` says so. */
async function closedLoop(concurrency: number, done: () => boolean, counting: () => boolean, next: () => (LoadTarget & { method?: string; body?: unknown }) | undefined, ok: (status: number) => boolean): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const tally: Tally = { latencies: [], statuses: {} };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let target = next(); target && !done(); target = next()) {
        const sent = performance.now();
        const { status } = await send(agent, target).catch(() => ({ status: 0 }));
        if (!counting()) continue;
        tally.latencies.push(performance.now() - sent);
        if (!ok(status)) tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return tally;
}

const measured = (tally: Tally, seconds: number): Measured => {
  const errors = Object.values(tally.statuses).reduce((n, count) => n + count, 0);
  return { ...summarize(tally.latencies, errors, seconds), statuses: tally.statuses };
};

/** One write case: its writers and the readers together for `seconds` after a one-second warm-up not counted. */
export async function runWriteCase(
  port: number,
  writer: Record<string, string>,
  reader: Record<string, string>,
  readPaths: readonly string[],
  writeCase: WriteCase,
  { seconds, concurrency }: { seconds: number; concurrency: number },
): Promise<Omit<WriteResult, "name">> {
  const started = performance.now();
  const countFrom = started + 1_000;
  const end = countFrom + seconds * 1000;
  let stopped = false;
  const done = () => stopped || performance.now() >= end;
  const counting = () => performance.now() >= countFrom;
  const nextRead = rotating(readPaths);
  const writes = closedLoop(concurrency, done, counting, () => {
    const request = writeCase.next();
    return request && { port, headers: writer, ...request };
  }, (status) => status >= 200 && status < 300);
  const reads = closedLoop(concurrency, done, counting, () => ({ port, headers: reader, path: nextRead()! }), (status) => status === 200);
  const written = await writes;
  // Rows used up: the readers stop with the writers (the case says so by its shorter time).
  stopped = true;
  const elapsed = Math.max(0.001, (Math.min(performance.now(), end) - countFrom) / 1000);
  return { writes: measured(written, elapsed), reads: measured(await reads, elapsed) };
}

/** Where resp-of writes: its organisation (users.ts gives it the largest training organisation). */
export async function organizationOf(client: pg.ClientBase, email: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    "select eo.organization_id as id from employee_organizations eo join employees e on e.id = eo.employee_id where e.email = $1",
    [email],
  );
  if (!rows[0]) throw new Error(`${email} n'a pas d'organisme : lancez d'abord npm run bench:seed`);
  return rows[0].id;
}

/** The lists the readers read during the writes (gest-cdc's first pages). */
export const READ_PATHS = ["/api/records?offset=0&limit=50", "/api/sessions?offset=0&limit=50", "/api/trainings?offset=0&limit=50", "/api/trainees?offset=0&limit=50"];
