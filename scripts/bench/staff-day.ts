/**
 * The staff-day scenario of `npm run bench`: virtual staff (roles in the proportions of a region's staff, each OF account in
 * its own training organisation, each CDC account in its own funder) doing what staff do, a step after a think time of
 * 1–3 s: the home page (the records list), a trainee searched, a record opened, its status changed (unless the page shows the
 * data-quality gate blocking it) and an FSE survey saved (the OF writers), its session opened, an attendance sheet downloaded.
 * Each step is the API calls its page makes. Measured:
 * p50/p95/p99 per step, errors, the app process's peak RSS and CPU (sampled each second from /proc), the database's connections.
 */
import fs from "node:fs";
import http from "node:http";
import type pg from "pg";
import { can, type RoleId } from "../../resources/permissions";
import { RECORD_TRANSITIONS } from "../../resources/records/status-transitions";
import type { RecordStatus } from "../../resources/common/record-statuses";
import type { TrainingRecord } from "../../resources/records/api-answers";
import { hashPassword } from "../../server/auth/passwords";
import { newId } from "../../server/db/ids";
import { LAST_NAMES } from "./french-data";
import { send } from "./load";
import { signIn } from "./sign-in";
import { summarize, type LatencySummary } from "./stats";
import { BENCH_PASSWORD } from "./users";

/** Of 50 staff: most are OF managers, then funders' managers, a few heads and administrators. */
const ROLE_SHARES: readonly [RoleId, number][] = [
  ["rol_gest-of", 0.5],
  ["rol_resp-of", 0.16],
  ["rol_gest-cdc", 0.18],
  ["rol_resp-cdc", 0.06],
  ["rol_gest-cdcss", 0.06],
  ["rol_admin", 0.04],
];

export const STEPS = ["accueil", "recherche d'un stagiaire", "ouverture d'un dossier", "changement de statut", "questionnaire FSE", "ouverture de la session", "feuille d'émargement"] as const;
type Step = (typeof STEPS)[number];

interface Staff {
  email: string;
  roleId: RoleId;
}

/** `count` staff accounts (staff-NNN@bench.test), each OF one in its own training organisation, each CDC one in its own funder. */
export async function ensureStaff(client: pg.ClientBase, count: number): Promise<Staff[]> {
  const roles = ROLE_SHARES.flatMap(([roleId, share]) => Array.from({ length: Math.max(1, Math.round(share * count)) }, () => roleId)).slice(0, count);
  const top = async (column: string) =>
    (await client.query<{ id: string }>(`select ${column} as id from sessions where exists (select 1 from records r where r.session_id = sessions.id) group by 1 order by count(*) desc limit $1`, [count])).rows.map((r) => r.id);
  const organizations = { of: await top("educational_organization_id"), cdc: await top("contracting_organization_id") };
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const staff: Staff[] = [];
  const used = { of: 0, cdc: 0 };
  for (const [k, roleId] of roles.entries()) {
    const email = `staff-${String(k + 1).padStart(3, "0")}@bench.test`;
    const { rows } = await client.query<{ id: string }>(
      `insert into employees (id, first_name, last_name, email, gender, role_id, password_hash) values ($1, 'Agent', $2, $3, 'MALE', $4, $5)
       on conflict (email) do update set role_id = excluded.role_id, password_hash = excluded.password_hash returning id`,
      [newId(), `JOURNÉE ${k + 1}`, email, roleId, passwordHash],
    );
    await client.query("delete from employee_organizations where employee_id = $1", [rows[0]!.id]);
    const side = roleId.endsWith("-of") ? "of" : roleId.includes("-cdc") ? "cdc" : undefined;
    const organizationId = side && organizations[side][used[side]++ % organizations[side].length];
    if (organizationId) await client.query("insert into employee_organizations (employee_id, organization_id) values ($1, $2)", [rows[0]!.id, organizationId]);
    staff.push({ email, roleId });
  }
  return staff;
}

export interface StaffDayResult {
  staff: number;
  roles: Record<string, number>;
  minutes: number;
  steps: Record<Step, LatencySummary & { statuses: Record<string, number> }>;
  app: { peakRssMiB: number; peakCpuPercent: number; meanCpuPercent: number };
  database: { peakConnections: number; peakActive: number };
}

/** CPU ticks (user + system, 1/100 s) and RSS (MiB) of a process, from /proc. */
function processSample(pid: number): { ticks: number; rssMiB: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return { ticks: Number(fields[11]) + Number(fields[12]), rssMiB: Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024 };
}

const TICKS_PER_SECOND = 100;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const thinkTime = () => pause(1_000 + Math.random() * 2_000);
const anyOf = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const month = (date: string) => date.slice(0, 7);

type ListRow = { id: string; status: RecordStatus };
type OpenedRecord = Pick<TrainingRecord, "id" | "status" | "version" | "blockingReasons" | "session">;

/** One staff member's day: steps after think times until `end`; each step's latency and status go to `record`. */
async function staffDay(port: number, member: Staff, token: string, end: number, record: (step: Step, ms: number, status: number) => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const headers = { authorization: `Bearer ${token}` };
  const call = async (step: Step, path: string, method = "GET", body?: unknown) => {
    const sent = performance.now();
    const answer = await send(agent, { port, path, method, body, headers }).catch(() => ({ status: 0, body: "" }));
    record(step, performance.now() - sent, answer.status);
    return answer;
  };
  const dataOf = <T>(answer: { status: number; body: string }) => (answer.status === 200 ? (JSON.parse(answer.body) as { data: T }).data : undefined);
  const writes = can(member.roleId, "records", "changeStatus");
  while (performance.now() < end) {
    const rows = dataOf<ListRow[]>(await call("accueil", "/api/records?offset=0&limit=50")) ?? [];
    await thinkTime();
    if (can(member.roleId, "trainees", "list")) {
      await call("recherche d'un stagiaire", `/api/trainees?offset=0&limit=50&search=${encodeURIComponent(anyOf(LAST_NAMES)!.toLowerCase())}`);
      await thinkTime();
    }
    const chosen = anyOf(rows);
    if (!chosen) continue;
    const opened = dataOf<OpenedRecord>(await call("ouverture d'un dossier", `/api/records/${chosen.id}`));
    await thinkTime();
    if (!opened) continue;
    const target = RECORD_TRANSITIONS[opened.status].find((status) => status !== "REJECTED");
    // The page shows a record the data-quality gate blocks (« Dossier bloquant » and its checks): its status change is the gate's
    // 422, by design, until the data is completed; staff complete the data first, they do not send what the page says is refused.
    const gateBlocks = opened.blockingReasons.some((reason) => reason.code === "qualityBlocking");
    if (writes && target && !gateBlocks) {
      await call("changement de statut", `/api/records/${opened.id}/status`, "PATCH", { status: target, version: opened.version });
      await thinkTime();
    }
    if (writes) {
      const surveys = dataOf<{ id: string; information: unknown; version: number }[]>(await send(agent, { port, path: `/api/recordFse/${opened.id}`, headers }));
      const survey = surveys?.[0];
      if (survey) {
        await call("questionnaire FSE", `/api/recordFse/${survey.id}`, "PATCH", { information: survey.information, version: survey.version });
        await thinkTime();
      }
    }
    await call("ouverture de la session", `/api/sessions/${opened.session.id}`);
    await thinkTime();
    await call("feuille d'émargement", `/api/sessions/${opened.session.id}/attendance-sheets/${month(opened.session.startDate)}`);
    await thinkTime();
  }
  agent.destroy();
}

/** The scenario: `staff` members for `minutes`, started over the first think times; the app process `appPid` sampled each second. */
export async function runStaffDay(client: pg.ClientBase, port: number, appPid: number, staff: Staff[], minutes: number): Promise<StaffDayResult> {
  const tokens = await Promise.all(staff.map((member) => signIn(port, member.email)));
  const latencies = new Map<Step, number[]>(STEPS.map((step) => [step, []]));
  const statuses = new Map<Step, Record<string, number>>(STEPS.map((step) => [step, {}]));
  const record = (step: Step, ms: number, status: number) => {
    latencies.get(step)!.push(ms);
    if (status < 200 || status >= 300) statuses.get(step)![status] = (statuses.get(step)![status] ?? 0) + 1;
  };
  const database = { peakConnections: 0, peakActive: 0 };
  const app = { peakRssMiB: 0, cpuPercents: [] as number[] };
  let last = processSample(appPid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await pause(1_000);
      const sample = processSample(appPid);
      app.peakRssMiB = Math.max(app.peakRssMiB, sample.rssMiB);
      app.cpuPercents.push(((sample.ticks - last.ticks) / TICKS_PER_SECOND) * 100);
      last = sample;
      const { rows } = await client.query<{ total: number; active: number }>(
        "select count(*)::int as total, count(*) filter (where state = 'active')::int as active from pg_stat_activity where datname = current_database()",
      );
      database.peakConnections = Math.max(database.peakConnections, rows[0]!.total);
      database.peakActive = Math.max(database.peakActive, rows[0]!.active);
    }
  })();
  const started = performance.now();
  const end = started + minutes * 60_000;
  await Promise.all(staff.map(async (member, k) => {
    await pause(Math.random() * 3_000);
    await staffDay(port, member, tokens[k]!, end, record);
  }));
  sampling = false;
  await sampler;
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const failed = statuses.get(step)!;
      return [step, { ...summarize(latencies.get(step)!, Object.values(failed).reduce((n, c) => n + c, 0), seconds), statuses: failed }];
    }),
  ) as StaffDayResult["steps"];
  const roles: Record<string, number> = {};
  for (const member of staff) roles[member.roleId] = (roles[member.roleId] ?? 0) + 1;
  const cpu = app.cpuPercents;
  return {
    staff: staff.length,
    roles,
    minutes,
    steps,
    app: { peakRssMiB: Math.round(app.peakRssMiB * 10) / 10, peakCpuPercent: Math.round(Math.max(0, ...cpu)), meanCpuPercent: Math.round(cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length)) },
    database,
  };
}
