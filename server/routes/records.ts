import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import { EXCHANGE_MSG, exchangePendingAnswer } from "../../resources/records/exchanges";
import { callerOf, requireAccess, type Caller } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { conflict, notFound, parsedOrBadRequest, readBack, refusedByAgora } from "../http/errors";
import { idParam, listResponse } from "../http/lists";
import { recordListQuery } from "../../resources/records/list-query";
import { recordById, refreshQualityFlags } from "../quality/record-flags";
import type { ExchangeRow } from "../exchanges/apply";
import { beginCreation, beginRecordExchange, type RecordChange } from "../exchanges/begin";
import { isUnsettled } from "../exchanges/index";
import { patchRecord } from "../repositories/record-writes";
import { findRecord, findRecordState, listRecords, type ClosingLimit, type RecordWriteState } from "../repositories/records";

const params = idParam("recordId");

/** "Today" for the blocking rules: the calendar day in France by the app's clock (AppConfig.clock). */
const todayOf = (app: FastifyInstance) => dayInFrance(app.config.clock?.() ?? new Date());
/** When a closed record stops being operable: by the app's clock and CLOSED_RECORD_MONTHS, as AGORA (the simulator) judges it. */
const closingLimitOf = (app: FastifyInstance): ClosingLimit => ({ now: app.config.clock?.() ?? new Date(), months: app.config.closedRecordMonths });
const tags = ["records"];
const oneRecord = dataEnvelope(recordAnswer);

const answerRecord = (app: FastifyInstance, caller: Caller, id: string) => readBack(findRecord(app.db, caller, id, todayOf(app), closingLimitOf(app)), RECORD_MSG.notFound);

/**
 * The record a write starts from: in the caller's scope (else 404), no exchange with AGORA under way (else 409 « Envoi à AGORA
 * en cours »), at the version the page read when it says one (else 409). Checked again under lock by the write itself.
 */
async function writeState(app: FastifyInstance, caller: Caller, id: string, version: number | undefined): Promise<RecordWriteState> {
  const state = await findRecordState(app.db, caller, id);
  if (!state) throw notFound(RECORD_MSG.notFound);
  if (state.pendingExchangeId) throw conflict(EXCHANGE_MSG.recordLocked);
  if (version !== undefined && version !== state.version) throw conflict(RECORD_MSG.concurrentChange);
  return state;
}

/**
 * What the request that began an exchange answers once it has driven it: as before the protocol when AGORA's answer is applied
 * (the record; 422 with `details.agora` for a refusal; 409 for an answer the product cannot take), 202 with « AGORA ne répond
 * pas ; l'envoi sera confirmé automatiquement » while it is still unsettled (no answer in AGORA_TIMEOUT_MS, database lost, stop).
 */
async function answerExchange(app: FastifyInstance, reply: FastifyReply, caller: Caller, begun: ExchangeRow, done: ExchangeRow | undefined) {
  if (!done || isUnsettled(done)) {
    reply.status(202);
    return { data: { exchange: { id: begun.id, kind: begun.kind, state: "pending" as const }, message: EXCHANGE_MSG.noAnswer } };
  }
  if (done.state === "refused" && done.answer && "refused" in done.answer) throw refusedByAgora(done.answer.refused);
  if (done.state === "failed") throw conflict(done.lastError ?? EXCHANGE_MSG.noAnswer);
  reply.status(begun.kind === "CREATION" ? 201 : 200);
  return answerRecord(app, caller, done.recordId!);
}

/** A status change or re-push: the exchange (server/exchanges/), whose first step checks the record and the data-quality gate. */
async function changeThroughAgora(app: FastifyInstance, reply: FastifyReply, caller: Caller, recordId: string, version: number | undefined, change: RecordChange) {
  const begun = await beginRecordExchange(app.db, app.exchanges, caller, recordId, version, change);
  return answerExchange(app, reply, caller, begun, await app.exchanges.run(begun));
}

/** The information with the display rules of the record's training (healthcare-social or not); 400 with the fields otherwise. */
const informationFor = (information: RecordInformationInput, healthcareSocial: boolean): RecordInformation =>
  parsedOrBadRequest(recordInformationSchema(healthcareSocial), information, "body.information");

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/records",
    { onRequest: requireAccess("records", "list"), schema: { tags, querystring: recordListQuery, response: { 200: listEnvelope(recordListItemAnswer) } } },
    async (request, reply) => {
      return listResponse(await listRecords(app.db, callerOf(request), request.query, todayOf(app), closingLimitOf(app)), request.query, reply);
    },
  );

  app.get(
    "/records/:recordId",
    { onRequest: requireAccess("records", "show"), schema: { tags, params, response: { 200: oneRecord } } },
    async (request) => answerRecord(app, callerOf(request), request.params.recordId),
  );

  app.post(
    "/records",
    {
      onRequest: requireAccess("records", "create"),
      schema: { tags, body: recordCreateBodySchema, response: { 201: oneRecord, 202: exchangePendingAnswer } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Trainee and session in scope (404), no record nor creation for the trainee (409), the data-quality gate (422): all checked
      // under the trainee's lock before anything reaches AGORA. A refused creation leaves no record to keep its history on: the
      // answer carries it (and the exchange keeps it).
      const begun = await beginCreation(app.db, app.exchanges, caller, request.body);
      return answerExchange(app, reply, caller, begun, await app.exchanges.run(begun));
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
      if (saved === "exchanging") throw conflict(EXCHANGE_MSG.recordLocked);
      if (saved === "stale") throw conflict(RECORD_MSG.concurrentChange);
      await refreshQualityFlags(app.db, recordById(recordId));
      return answerRecord(app, caller, recordId);
    },
  );

  app.patch(
    "/records/:recordId/status",
    {
      onRequest: requireAccess("records", "changeStatus"),
      schema: { tags, params, body: recordStatusBodySchema, response: { 200: oneRecord, 202: exchangePendingAnswer } },
    },
    async (request, reply) => {
      const { status, options, version } = request.body;
      // AGORA applies the lifecycle (the simulator: resources/records/status-transitions.ts).
      return changeThroughAgora(app, reply, callerOf(request), request.params.recordId, version, {
        kind: "STATUS",
        status,
        reason: options?.reason ?? null,
      });
    },
  );

  app.patch(
    "/records/:recordId/reengineering",
    {
      onRequest: requireAccess("records", "repush"),
      schema: { tags, params, body: recordRepushBodySchema, response: { 200: oneRecord, 202: exchangePendingAnswer } },
    },
    async (request, reply) => {
      const { status, options, version } = request.body;
      // The status named must be the record's (409 otherwise): re-sending what the user did not see would be a surprise.
      return changeThroughAgora(app, reply, callerOf(request), request.params.recordId, version, {
        kind: "REPUSH",
        status,
        reason: options?.reason ?? null,
      });
    },
  );
};
