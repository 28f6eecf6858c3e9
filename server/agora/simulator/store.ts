/**
 * What the simulated AGORA holds, in its own schema `agora_sim` of the product's database (created on first use, not a product
 * migration: with AGORA_URL set it is never created): the files with their status, every call that changed something with the
 * answer given to its idempotency key, and a log of every call received (tests compare both sides with it).
 */
import { sql } from "drizzle-orm";
import type { RecordStatus } from "../../../resources/records/enums";
import type { Executor } from "../../db/connection";
import type { AgoraHeldRecord, AgoraOutcome, AgoraRecordAccepted, AgoraRecordFile } from "../types";

export type SimulatedOperation = "push" | "status" | "repush" | "lookup";

const DDL = `
  select pg_advisory_xact_lock(hashtext('agora_sim'));
  create schema if not exists agora_sim;
  create table if not exists agora_sim.files (
    agora_id text primary key,
    file jsonb not null,
    status text not null,
    closed_at timestamptz,
    created_at timestamptz not null default clock_timestamp(),
    updated_at timestamptz not null default clock_timestamp());
  create table if not exists agora_sim.requests (
    idempotency_key text primary key,
    operation text not null,
    agora_id text,
    answer jsonb not null,
    received_at timestamptz not null default clock_timestamp());
  create table if not exists agora_sim.calls (
    id bigint generated always as identity primary key,
    operation text not null,
    idempotency_key text,
    agora_id text,
    at timestamptz not null default clock_timestamp());`;

export interface HeldFile extends AgoraHeldRecord {
  file: AgoraRecordFile;
}

type Answer = AgoraOutcome<AgoraRecordAccepted>;

/** The simulator's tables, created once per store (under an advisory lock: two processes may start together). */
export function simulatorStore(db: Executor) {
  let ready: Promise<unknown> | undefined;
  const ensure = () => (ready ??= db.transaction((tx) => tx.execute(sql.raw(DDL))).catch((error: unknown) => {
    ready = undefined;
    throw error;
  }));

  const held = (row: Record<string, unknown> | undefined): HeldFile | undefined =>
    row
      ? {
          agoraId: row.agora_id as string,
          status: row.status as RecordStatus,
          closedAt: row.closed_at ? new Date(row.closed_at as string).toISOString() : null,
          file: row.file as AgoraRecordFile,
        }
      : undefined;

  return {
    ensure,

    /** Runs `work` in one transaction, after logging the call. */
    async transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      await ensure();
      return db.transaction(work);
    },

    logCall: (tx: Executor, operation: SimulatedOperation, key: string | null, agoraId: string | null) =>
      tx.execute(sql`insert into agora_sim.calls (operation, idempotency_key, agora_id) values (${operation}, ${key}, ${agoraId})`),

    /** Serialises every call about one file number (its creation included, when no row exists yet). */
    lockNumber: (tx: Executor, agoraId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('agora_sim:' || ${agoraId}))`),

    async answerOf(tx: Executor, key: string): Promise<{ answer: Answer; agoraId: string | null } | undefined> {
      const { rows } = await tx.execute<{ answer: Answer; agora_id: string | null }>(
        sql`select answer, agora_id from agora_sim.requests where idempotency_key = ${key}`,
      );
      return rows[0] ? { answer: rows[0].answer, agoraId: rows[0].agora_id } : undefined;
    },

    async keep(tx: Executor, key: string, operation: SimulatedOperation, agoraId: string | null, answer: Answer) {
      await tx.execute(sql`insert into agora_sim.requests (idempotency_key, operation, agora_id, answer)
        values (${key}, ${operation}, ${agoraId}, ${JSON.stringify(answer)}::jsonb)`);
    },

    async file(tx: Executor, agoraId: string): Promise<HeldFile | undefined> {
      const { rows } = await tx.execute(sql`select * from agora_sim.files where agora_id = ${agoraId}`);
      return held(rows[0]);
    },

    async create(tx: Executor, record: HeldFile) {
      await tx.execute(sql`insert into agora_sim.files (agora_id, file, status, closed_at)
        values (${record.agoraId}, ${JSON.stringify(record.file)}::jsonb, ${record.status}, ${record.closedAt})`);
    },

    async move(tx: Executor, agoraId: string, status: RecordStatus, closedAt: string | null) {
      await tx.execute(sql`update agora_sim.files set status = ${status}, closed_at = ${closedAt}, updated_at = clock_timestamp()
        where agora_id = ${agoraId}`);
    },
  };
}

export type SimulatorStore = ReturnType<typeof simulatorStore>;
