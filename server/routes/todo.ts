import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataEnvelope } from "../../resources/common/wire";
import { digestPreference, todoCountsAnswer } from "../../resources/todo/schema";
import { callerOf, requireAccess, requireLogin } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { unauthorized } from "../http/errors";
import { todoCounts } from "../todo/counts";
import { digestPreferenceOf, setDigestPreference } from "../todo/preference";

const preferenceAnswer = dataEnvelope(digestPreference);

/** « À traiter » (server/todo/): the counters on top of the records list, and the signed-in employee's digest choice. */
export const todoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/todo",
    {
      // Every role lists records and sessions; the counts are of the caller's rows only.
      onRequest: requireAccess("records", "list"),
      schema: { tags: ["records"], summary: "À traiter", response: { 200: dataEnvelope(todoCountsAnswer) } },
    },
    async (request) => ({ data: await todoCounts(app.db, callerOf(request), dayInFrance(app.config.clock?.() ?? new Date())) }),
  );

  // The employee's own choice, whatever their role: nobody sets it for someone else.
  app.get(
    "/users/me/digest",
    { onRequest: requireLogin, schema: { tags: ["utilisateurs"], summary: "Mon récapitulatif quotidien", response: { 200: preferenceAnswer } } },
    async (request) => {
      const preference = await digestPreferenceOf(app.db, callerOf(request).id);
      if (!preference) throw unauthorized();
      return { data: preference };
    },
  );

  app.put(
    "/users/me/digest",
    {
      onRequest: requireLogin,
      schema: { tags: ["utilisateurs"], summary: "Mon récapitulatif quotidien", body: digestPreference, response: { 200: preferenceAnswer } },
    },
    async (request) => {
      const preference = await setDigestPreference(app.db, callerOf(request).id, request.body);
      if (!preference) throw unauthorized();
      return { data: preference };
    },
  );
};
