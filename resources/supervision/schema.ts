/**
 * The supervision API (issue 38; docs/queue.md « Supervision »): the durable queue's jobs and the AGORA exchanges an operator
 * must see and may act on. Sup-admins and admins only (resources/permissions.ts, SCREEN_ROLES.supervision). Pure TS: the
 * server's routes answer with these schemas and the SPA's /supervision screen reads their types.
 */
import { z } from "zod";
import { EXCHANGE_KINDS, EXCHANGE_STATES } from "../records/exchanges";
import { enumValues } from "../common/enum";
import { pagingQuery } from "../common/list-query";
import { isoTimestamp, namedRef } from "../common/wire";

export const SUPERVISION_JOB_STATES = { pending: "En attente", active: "En cours", failed: "En échec", done: "Faite" } as const;
export type SupervisionJobState = keyof typeof SUPERVISION_JOB_STATES;

export const SUPERVISION_MSG = {
  title: "Supervision",
  jobNotFound: "Tâche introuvable",
  jobNotFailed: "Seule une tâche en échec peut être relancée.",
  exchangeNotFound: "Échange avec AGORA introuvable",
  exchangeSettled: "Cet échange avec AGORA est déjà réglé : il n'y a plus rien à demander ni à abandonner.",
  reasonRequired: "Indiquez pourquoi l'échange est abandonné",
  reasonTooLong: "La raison est limitée à 500 caractères",
  abandoned: (name: string, reason: string) => `Abandonné par ${name} : ${reason}`,
} as const;

/** GET /api/supervision/jobs: one state (all but done when absent), one queue, newest first. */
export const supervisionJobsQuery = pagingQuery.pick({ offset: true, limit: true }).extend({
  state: z.enum(enumValues(SUPERVISION_JOB_STATES), { error: "État de tâche inconnu" }).optional(),
  queue: z.string().max(100).optional(),
});

export const supervisionJobAnswer = z.strictObject({
  id: z.string(),
  queue: z.string(),
  state: z.enum(enumValues(SUPERVISION_JOB_STATES)),
  attempts: z.number().int(),
  /** Why the last run failed, in French (the « abandonnée après N essais » of a job that kept killing its process). */
  lastError: z.string().nullable(),
  /** What the job is about (`session:<id>` for a bilan mail), when a screen shows it. */
  subject: z.string().nullable(),
  createdAt: isoTimestamp,
  /** When it may run (first run or next retry). */
  runAt: isoTimestamp,
  finishedAt: isoTimestamp.nullable(),
  /** Who asked for it (a re-sent mail, a « Relancer »), else null. */
  requestedBy: namedRef.nullable(),
});
export type SupervisionJob = z.output<typeof supervisionJobAnswer>;
export type SupervisionJobInput = z.input<typeof supervisionJobAnswer>;

/** Per queue: its jobs waiting, running and failed, and its next due run (the screen's summary). */
export const supervisionQueueAnswer = z.strictObject({
  queue: z.string(),
  pending: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  nextRunAt: isoTimestamp.nullable(),
});
export type SupervisionQueue = z.output<typeof supervisionQueueAnswer>;

export const supervisionJobsAnswer = z.strictObject({
  data: z.array(supervisionJobAnswer),
  metadata: z.strictObject({
    pagination: z.strictObject({ offset: z.number(), limit: z.number(), totalCount: z.number() }),
    queues: z.array(supervisionQueueAnswer),
  }),
});

/** An exchange an operator must look at: unsettled (with its age), or a creation that blocks its (trainee, session). */
export const supervisionExchangeAnswer = z.strictObject({
  id: z.string(),
  kind: z.enum(enumValues(EXCHANGE_KINDS)),
  state: z.enum(enumValues(EXCHANGE_STATES)),
  /** A failed creation whose AGORA number is another record's: no new creation for its trainee and session until abandoned. */
  blocking: z.boolean(),
  recordId: z.string().nullable(),
  traineeId: z.string().nullable(),
  sessionId: z.string().nullable(),
  employee: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  createdAt: isoTimestamp,
  /** Seconds since it was written. */
  ageSeconds: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  triedAt: isoTimestamp.nullable(),
});
export type SupervisionExchange = z.output<typeof supervisionExchangeAnswer>;
export type SupervisionExchangeInput = z.input<typeof supervisionExchangeAnswer>;

export const supervisionExchangesAnswer = z.strictObject({ data: z.array(supervisionExchangeAnswer) });

/** POST /api/supervision/exchanges/{id}/abandon. */
export const abandonExchangeBody = z.strictObject({
  reason: z.string({ error: SUPERVISION_MSG.reasonRequired }).trim().min(1, SUPERVISION_MSG.reasonRequired).max(500, SUPERVISION_MSG.reasonTooLong),
});
