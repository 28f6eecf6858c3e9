/**
 * The FSE survey (spec part 2 §2 "Survey screen", §4 "Survey periods", §7 "Survey (FSE)"): filled by sup-admin, admin, resp-of
 * and gest-of (403 otherwise) on records in their scope (404 outside), only when the training asks for the FSE (409), one
 * survey per period in the order entry → exit → six months (409). The export has its own module (record-fse-export.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope } from "../../resources/common/wire";
import {
  FSE_MSG,
  fseAnswer,
  fseAnswersSchema,
  fseCreateBodySchema,
  fseInformationSchema,
  fsePatchBodySchema,
  fsePeriodsBefore,
  type FsePeriod,
} from "../../resources/fse/schema";
import { callerOf, requireAccess } from "../auth/guard";
import { conflict, notFound, parsedOrBadRequest } from "../http/errors";
import { idParam } from "../http/lists";
import { isUniqueViolation } from "../repositories/pg-errors";
import { findSurvey, fseRecordState, insertSurvey, surveysOf, updateSurvey } from "../repositories/record-fse";

const tags = ["recordFse"];
const oneSurvey = dataEnvelope(fseAnswer);

/** The display rules on the information (hidden answers normalised); 400 naming each field under body.information otherwise. */
const applyRules = <S extends z.ZodType>(schema: S, information: unknown): z.output<S> => parsedOrBadRequest(schema, information, "body.information");

/** 409 unless the earlier periods are filled (spec §4: the exit survey needs the entry one, the six-month one both). */
function assertOrder(period: FsePeriod, filled: readonly FsePeriod[]): void {
  if (fsePeriodsBefore(period).every((before) => filled.includes(before))) return;
  throw conflict(period === "OUTPUT" ? FSE_MSG.outputNeedsInput : FSE_MSG.afterSixMonthNeedsBoth);
}

export const recordFseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recordFse/:recordId",
    {
      onRequest: requireAccess("records", "fillFse"),
      schema: { tags, params: idParam("recordId"), response: { 200: dataEnvelope(z.array(fseAnswer)) } },
    },
    async (request) => {
      const { recordId } = request.params;
      // Read even when the training no longer asks for the FSE: surveys filled before stay visible.
      if (!(await fseRecordState(app.db, callerOf(request), recordId))) throw notFound(FSE_MSG.recordNotFound);
      return { data: await surveysOf(app.db, recordId) };
    },
  );

  app.post(
    "/recordFse",
    { onRequest: requireAccess("records", "fillFse"), schema: { tags, body: fseCreateBodySchema, response: { 201: oneSurvey } } },
    async (request, reply) => {
      const { recordId } = request.body;
      const state = await fseRecordState(app.db, callerOf(request), recordId);
      if (!state) throw notFound(FSE_MSG.recordNotFound);
      if (!state.trainingFse) throw conflict(FSE_MSG.trainingWithoutFse);
      const { period, ...answers } = applyRules(fseInformationSchema, request.body.information);
      if (state.periods.includes(period)) throw conflict(FSE_MSG.periodExists);
      assertOrder(period, state.periods);
      try {
        reply.status(201);
        return { data: await insertSurvey(app.db, recordId, period, answers) };
      } catch (error) {
        // Another creation for the same period won the race.
        if (isUniqueViolation(error)) throw conflict(FSE_MSG.periodExists);
        throw error;
      }
    },
  );

  app.patch(
    "/recordFse/:recordFseId",
    {
      onRequest: requireAccess("records", "fillFse"),
      schema: { tags, params: idParam("recordFseId"), body: fsePatchBodySchema, response: { 200: oneSurvey } },
    },
    async (request) => {
      const found = await findSurvey(app.db, callerOf(request), request.params.recordFseId);
      if (!found) throw notFound(FSE_MSG.notFound);
      if (!found.trainingFse) throw conflict(FSE_MSG.trainingWithoutFse);
      const { period, ...answers } = request.body.information;
      if (period !== undefined && period !== found.survey.period) throw conflict(FSE_MSG.periodUnchangeable);
      const saved = await updateSurvey(app.db, found.survey.id, request.body.version ?? found.survey.version, applyRules(fseAnswersSchema, answers));
      if (!saved) throw conflict(FSE_MSG.concurrentChange);
      return { data: saved };
    },
  );
};
