/**
 * The attendance-sheet flood (issue 23): one gest-of keeps 40 sheet requests in flight (distinct sheets of the sessions in their
 * scope) while another user (gest-cdc) lists records; answers the sheets' statuses and the other user's list latencies, with the
 * same list measured alone before for comparison. Sheets are drawn in worker threads: the list must stay at 200, p95 < 200 ms.
 */
import http from "node:http";
import type pg from "pg";
import { hashPassword } from "../../server/auth/passwords";
import { newId } from "../../server/db/ids";
import { get, type LoadTarget } from "./load";
import { summarize, type LatencySummary } from "./stats";
import { BENCH_PASSWORD } from "./users";

export const FLOOD_USER = "bench-gest-of@bench.test";
const PARALLEL_SHEETS = 40;

export interface FloodResult {
  sheets: { requests: number; statuses: Record<string, number>; p50: number; p95: number };
  listAlone: LatencySummary & { statuses: Record<string, number> };
  listDuringFlood: LatencySummary & { statuses: Record<string, number> };
}

/** A gest-of of the training organisation with the most sessions holding records, and the sheet URLs of its sessions. */
export async function ensureFloodUser(client: pg.ClientBase): Promise<{ sheetPaths: string[]; organization: string }> {
  const { rows: [organization] } = await client.query<{ id: string; name: string }>(
    `select o.id, o.name from organizations o join sessions s on s.educational_organization_id = o.id
     where exists (select 1 from records r where r.session_id = s.id)
     group by o.id, o.name order by count(*) desc, o.id limit 1`,
  );
  if (!organization) throw new Error("Aucune session avec des dossiers : lancez d'abord npm run bench:seed");
  const { rows } = await client.query<{ id: string }>(
    `insert into employees (id, first_name, last_name, email, gender, role_id, password_hash)
     values ($1, 'Banc', 'ESSAI GEST-OF', $2, 'FEMALE', 'rol_gest-of', $3)
     on conflict (email) do update set role_id = excluded.role_id, password_hash = excluded.password_hash
     returning id`,
    [newId(), FLOOD_USER, await hashPassword(BENCH_PASSWORD)],
  );
  await client.query("delete from employee_organizations where employee_id = $1", [rows[0]!.id]);
  await client.query("insert into employee_organizations (employee_id, organization_id) values ($1, $2)", [rows[0]!.id, organization.id]);
  // Each month of each session of theirs (with records), newest sessions first: more distinct sheets than requests in flight.
  const { rows: months } = await client.query<{ id: string; month: string }>(
    `select s.id, to_char(m, 'YYYY-MM') as month
     from (select id, start_date, end_date from sessions s where educational_organization_id = $1
           and exists (select 1 from records r where r.session_id = s.id) order by start_date desc limit 200) s,
     generate_series(date_trunc('month', s.start_date), date_trunc('month', s.end_date), interval '1 month') m`,
    [organization.id],
  );
  return { sheetPaths: months.map((m) => `/api/sessions/${m.id}/attendance-sheets/${m.month}`), organization: organization.name };
}

/** The list, alone then during the flood: `concurrency` clients each, for `seconds` each. */
export async function runSheetFlood(
  port: number,
  tokens: { flooder: string; other: string },
  sheetPaths: readonly string[],
  { seconds, concurrency }: { seconds: number; concurrency: number },
): Promise<FloodResult> {
  const list: LoadTarget = { port, path: "/api/records?offset=0&limit=50", headers: { authorization: `Bearer ${tokens.other}` } };
  const measureList = async (until: () => boolean) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (!until()) {
          const sent = performance.now();
          const { status } = await get(agent, list).catch(() => ({ status: 0 }));
          latencies.push(performance.now() - sent);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    agent.destroy();
    const errors = Object.entries(statuses).reduce((n, [status, count]) => (status === "200" ? n : n + count), 0);
    return { ...summarize(latencies, errors, (performance.now() - started) / 1000), statuses };
  };
  const forSeconds = () => {
    const end = performance.now() + seconds * 1000;
    return () => performance.now() >= end;
  };

  const listAlone = await measureList(forSeconds());

  const sheetAgent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL_SHEETS });
  const sheetLatencies: number[] = [];
  const sheetStatuses: Record<string, number> = {};
  let next = 0;
  let flooding = true;
  const flood = Promise.all(
    Array.from({ length: PARALLEL_SHEETS }, async () => {
      while (flooding) {
        const path = sheetPaths[next++ % sheetPaths.length]!;
        const sent = performance.now();
        const { status } = await get(sheetAgent, { port, path, headers: { authorization: `Bearer ${tokens.flooder}` } }).catch(() => ({ status: 0 }));
        sheetLatencies.push(performance.now() - sent);
        sheetStatuses[status] = (sheetStatuses[status] ?? 0) + 1;
      }
    }),
  );
  const listDuringFlood = await measureList(forSeconds());
  flooding = false;
  await flood;
  sheetAgent.destroy();
  const sheets = summarize(sheetLatencies, 0, seconds);
  return { sheets: { requests: sheets.requests, statuses: sheetStatuses, p50: sheets.p50, p95: sheets.p95 }, listAlone, listDuringFlood };
}
