import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope } from "../../resources/common/wire";
import {
  RECORD_MSG,
  recordAnswer,
  recordCreateBodySchema,
  recordInformationSchema,
  recordListItemAnswer,
  recordPatchBodySchema,
  recordRepushBodySchema,
  recordStatusBodySchema,
  type RecordInformation,
  type RecordInformationInput,
} from "../../resources/records/schema";
import type { RecordStatus, RejectionReason } from "../../resources/records/enums";
import type { AgoraOutcome, AgoraRecordAccepted } from "../agora/types";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { conflict, notFound, parsedOrBadRequest, readBack, refusedByAgora } from "../http/errors";
import { idParam, listQuery, listResponse } from "../http/lists";
import { assertPushQuality } from "../quality/gate";
import { recordById, refreshQualityFlags } from "../quality/record-flags";
import { isUniqueViolation } from "../repositories/pg-errors";
import { authorOf } from "../repositories/author";
import { applyExchange, creationSources, insertRecord, keepRefusal, patchRecord } from "../repositories/record-writes";
import { findRecord, findRecordState, listRecords, type RecordWriteState } from "../repositories/records";
import { traineeHasRecords } from "../repositories/trainees";

const params = idParam("recordId");

const recordListQuery = listQuery.extend({
  filterAnomalies: z
    .enum(["true", "false"], { error: "filterAnomalies doit valoir true ou false" })
    .optional()
    .transform((v) => v === "true"),
});

/** "Today" for the blocking rules: the calendar day in France by the app's clock (AppConfig.clock). */
const todayOf = (app: FastifyInstance) => dayInFrance(app.config.clock?.() ?? new Date());
const tags = ["records"];
const oneRecord = dataEnvelope(recordAnswer);

const answerRecord = (app: FastifyInstance, caller: Caller, id: string) => readBack(findRecord(app.db, caller, id, todayOf(app)), RECORD_MSG.notFound);

/** The record a write starts from: in the caller's scope (else 404), at the version the page read when it says one (else 409). */
async function writeState(app: FastifyInstance, caller: Caller, id: string, version: number | undefined): Promise<RecordWriteState> {
  const state = await findRecordState(app.db, caller, id);
  if (!state) throw notFound(RECORD_MSG.notFound);
  if (version !== undefined && version !== state.version) throw conflict(RECORD_MSG.concurrentChange);
  return state;
}

/**
 * A status change or re-push of an existing record: the data-quality gate first (its refusal sends nothing and, unlike AGORA's,
 * writes nothing to the history), then AGORA; its refusal is kept in the history and answered 422, its acceptance applied at the
 * version read (409 if another change came first).
 */
async function exchangeWithAgora(
  app: FastifyInstance,
  caller: Caller,
  state: RecordWriteState,
  exchange: { kind: "STATUS" | "REPUSH"; toStatus: RecordStatus; reason: RejectionReason | null },
  send: () => Promise<AgoraOutcome<AgoraRecordAccepted>>,
): Promise<void> {
  await assertPushQuality(app.db, { recordId: state.id });
  const outcome = await send();
  const author = await authorOf(app.db, caller);
  const { kind, toStatus, reason } = exchange;
  if (!outcome.ok) {
    await keepRefusal(app.db, state, author, { kind, toStatus }, outcome.error);
    throw refusedByAgora(outcome.error);
  }
  if (!(await applyExchange(app.db, state, author, { kind, reason }, outcome.value))) throw conflict(RECORD_MSG.concurrentChange);
}

/** The information with the display rules of the record's training (healthcare-social or not); 400 with the fields otherwise. */
const informationFor = (information: RecordInformationInput, healthcareSocial: boolean): RecordInformation =>
  parsedOrBadRequest(recordInformationSchema(healthcareSocial), information, "body.information");

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/records",
    { onRequest: requireAccess("records", "list"), schema: { tags, querystring: recordListQuery, response: { 200: listEnvelope(recordListItemAnswer) } } },
    async (request) => {
      const startedAt = performance.now();
      return listResponse(await listRecords(app.db, callerOf(request), request.query, todayOf(app)), request.query, startedAt);
    },
  );

  app.get(
    "/records/:recordId",
    { onRequest: requireAccess("records", "show"), schema: { tags, params, response: { 200: oneRecord } } },
    async (request) => answerRecord(app, callerOf(request), request.params.recordId),
  );

  app.post(
    "/records",
    { onRequest: requireAccess("records", "create"), schema: { tags, body: recordCreateBodySchema, response: { 201: oneRecord } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const sources = await creationSources(app.db, caller, request.body);
      if ("missing" in sources) throw notFound(sources.missing === "trainee" ? RECORD_MSG.traineeNotFound : RECORD_MSG.sessionNotFound);
      // Checked before AGORA is called: a trainee has one record at most, AGORA must not get a second one.
      if (await traineeHasRecords(app.db, request.body.traineeId)) throw conflict(RECORD_MSG.traineeHasRecord);
      // The data-quality gate: a blocking failure is a 422 before anything reaches AGORA (design.md "Record lifecycle").
      await assertPushQuality(app.db, request.body);
      const outcome = await app.agora.pushRecord(sources.file);
      // No record exists to keep a refused creation's history on: the answer carries it.
      if (!outcome.ok) throw refusedByAgora(outcome.error);
      let id: string;
      try {
        id = await insertRecord(app.db, request.body, sources.file, outcome.value, await authorOf(app.db, caller));
      } catch (error) {
        // Another creation for the same trainee won the race.
        if (isUniqueViolation(error)) throw conflict(RECORD_MSG.traineeHasRecord);
        throw error;
      }
      reply.status(201);
      return answerRecord(app, caller, id);
    },
  );

  app.patch(
    "/records/:recordId",
    { onRequest: requireAccess("records", "edit"), schema: { tags, params, body: recordPatchBodySchema, response: { 200: oneRecord } } },
    async (request) => {
      const caller = callerOf(request);
      const { recordId } = request.params;
      const { information, internship, version } = request.body;
      const state = await writeState(app, caller, recordId, version);
      const values = { ...(information ? informationFor(information, state.healthcareSocial) : {}), ...internship };
      // At the version read even when the body names none: a change saved meanwhile is never overwritten unseen.
      const saved = await patchRecord(app.db, caller, recordId, values, version ?? state.version);
      if (saved === "missing") throw notFound(RECORD_MSG.notFound);
      if (saved === "stale") throw conflict(RECORD_MSG.concurrentChange);
      await refreshQualityFlags(app.db, recordById(recordId));
      return answerRecord(app, caller, recordId);
    },
  );

  app.patch(
    "/records/:recordId/status",
    { onRequest: requireAccess("records", "changeStatus"), schema: { tags, params, body: recordStatusBodySchema, response: { 200: oneRecord } } },
    async (request) => {
      const caller = callerOf(request);
      const { recordId } = request.params;
      const { status, options, version } = request.body;
      const state = await writeState(app, caller, recordId, version);
      const reason = options?.reason ?? null;
      // AGORA applies the lifecycle (the simulator: resources/records/status-transitions.ts).
      await exchangeWithAgora(app, caller, state, { kind: "STATUS", toStatus: status, reason }, () =>
        app.agora.changeRecordStatus(state.agora, { status, reason }),
      );
      return answerRecord(app, caller, recordId);
    },
  );

  app.patch(
    "/records/:recordId/reengineering",
    { onRequest: requireAccess("records", "repush"), schema: { tags, params, body: recordRepushBodySchema, response: { 200: oneRecord } } },
    async (request) => {
      const caller = callerOf(request);
      const { recordId } = request.params;
      const { status, options, version } = request.body;
      const state = await writeState(app, caller, recordId, version);
      // The page showed another status: re-sending what the user did not see would be a surprise.
      if (status !== state.agora.status) throw conflict(RECORD_MSG.repushStatusMismatch);
      const reason = options?.reason ?? null;
      await exchangeWithAgora(app, caller, state, { kind: "REPUSH", toStatus: status, reason }, () =>
        app.agora.repushRecord(state.agora, { reason }),
      );
      return answerRecord(app, caller, recordId);
    },
  );
};
