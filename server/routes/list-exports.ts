/**
 * « Exporter » of every list (issue 25): `GET /api/<list>/export?format=xlsx|csv&<the list's query>` answers the list's rows —
 * the caller's scope, the search, filters and sort the screen shows — as a streamed workbook or CSV (server/export/). The query
 * is the list's own schema (resources/<list>/list-query.ts) and the format; its page (offset, limit, after) is read but not
 * used: the export is the whole selection. Each route asks the list's permission.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportFormat } from "../../resources/common/export";
import { employeeListQuery } from "../../resources/employees/list-query";
import { organizationListQuery } from "../../resources/organizations/list-query";
import { recordListQuery } from "../../resources/records/list-query";
import { sessionListQuery } from "../../resources/sessions/list-query";
import { traineeListQuery } from "../../resources/trainees/list-query";
import { trainingListQuery } from "../../resources/trainings/list-query";
import { callerOf, requireAccess } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { employeesExport, organizationsExport, traineesExport } from "../export/lists/people";
import { sessionsExport, trainingsExport } from "../export/lists/catalogue";
import { recordsExport } from "../export/lists/records";
import type { ListExport } from "../export/list-export";
import { exportAnswer, sendExport } from "../export/send";

const format = z.object({ format: exportFormat });

export const listExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list's schema has refinements (a cursor fits its sort, a period is in order): it cannot be extended, only intersected.
  function exportRoute<S extends z.ZodType<object>, R>(path: string, schema: S, definition: ListExport<z.output<S>, R>) {
    app.get(
      `/${path}/export`,
      {
        onRequest: requireAccess(definition.resource, "list"),
        schema: { tags: ["exports"], summary: `Export : ${definition.description.toLowerCase()}`, querystring: schema.and(format), response: { 200: exportAnswer(definition.description) } },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const query = request.query as z.output<S> & z.output<typeof format>;
        const today = dayInFrance(app.config.clock?.() ?? new Date());
        return sendExport(app, request, reply, {
          format: query.format,
          fileStem: definition.fileStem,
          layout: definition.layout(caller),
          query: definition.select(caller, query, today),
        });
      },
    );
  }

  exportRoute("employees", employeeListQuery, employeesExport);
  exportRoute("organizations", organizationListQuery, organizationsExport);
  exportRoute("trainees", traineeListQuery, traineesExport);
  exportRoute("trainings", trainingListQuery, trainingsExport);
  exportRoute("sessions", sessionListQuery, sessionsExport);
  exportRoute("records", recordListQuery, recordsExport);
};
