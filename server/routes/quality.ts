/**
 * The data-quality gate's routes (issue 15): the communes of a postal code for the address forms, and the checks a record's next
 * push would run, for its page's 'Contrôles avant envoi à AGORA'.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG } from "../../resources/common/messages";
import { dataEnvelope } from "../../resources/common/wire";
import { communeAnswer, QUALITY_MSG, qualityCheckAnswer } from "../../resources/quality/answers";
import { RECORD_MSG } from "../../resources/records/schema";
import { callerOf, requireAccess, requireLogin } from "../auth/guard";
import { notFound } from "../http/errors";
import { idParam } from "../http/lists";
import { communeIndex } from "../quality/communes";
import { qualityChecksOf } from "../quality/gate";
import { findRecordState } from "../repositories/records";

const communesQuery = z.object({
  postalCode: z.string({ error: MSG.required }).regex(/^\d{5}$/, QUALITY_MSG.postalCodeFormat),
});

export const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/communes",
    { onRequest: requireLogin, schema: { tags: ["communes"], querystring: communesQuery, response: { 200: dataEnvelope(z.array(communeAnswer)) } } },
    async (request) => {
      const communes = (await communeIndex()).communesOf(request.query.postalCode);
      // Paris, Lyon and Marseille: the postal city is the commune, not its arrondissement.
      return { data: communes.filter((c) => !c.arrondissement).map(({ code, name, department }) => ({ code, name, department })) };
    },
  );

  app.get(
    "/records/:recordId/quality",
    {
      onRequest: requireAccess("records", "show"),
      schema: { tags: ["records"], params: idParam("recordId"), response: { 200: dataEnvelope(z.array(qualityCheckAnswer)) } },
    },
    async (request) => {
      const state = await findRecordState(app.db, callerOf(request), request.params.recordId);
      if (!state) throw notFound(RECORD_MSG.notFound);
      return { data: await qualityChecksOf(app.db, { recordId: state.id }) };
    },
  );
};
