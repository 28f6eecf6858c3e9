/**
 * « Exporter » of every list (issue 25): `GET /api/<list>/export?format=xlsx|csv&<the list's query>` answers the list's rows —
 * the caller's scope, the search and filters the screen shows, its order — as a streamed workbook or CSV (server/export/).
 * The query is the list's own schema without its page (offset, limit, after); each route asks the list's permission.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportFormat } from "../../resources/common/export";
import { callerOf, requireAccess } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { employeesExport, organizationsExport, traineesExport } from "../export/lists/people";
import { sessionsExport, trainingsExport } from "../export/lists/catalogue";
import { recordsExport } from "../export/lists/records";
import type { ListExport } from "../export/list-export";
import { exportAnswer, sendExport } from "../export/send";
import { listQuery } from "../http/lists";
import { recordListQuery } from "./records";
import { traineeListQuery } from "./trainees";

/** A list's query as its export takes it: no page, and the format. */
const exportQueryOf = <S extends typeof listQuery>(schema: S) => schema.omit({ offset: true, limit: true, after: true }).extend({ format: exportFormat });

export const listExportRoutes: FastifyPluginAsyncZod = async (app) => {
  function exportRoute<S extends typeof listQuery, R>(path: string, schema: S, definition: ListExport<z.output<ReturnType<typeof exportQueryOf<S>>>, R>) {
    app.get(
      `/${path}/export`,
      {
        onRequest: requireAccess(definition.resource, "list"),
        schema: { tags: ["exports"], summary: `Export : ${definition.description.toLowerCase()}`, querystring: exportQueryOf(schema), response: { 200: exportAnswer(definition.description) } },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const query = request.query as z.output<ReturnType<typeof exportQueryOf<S>>>;
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

  exportRoute("employees", listQuery, employeesExport);
  exportRoute("organizations", listQuery, organizationsExport);
  exportRoute("trainees", traineeListQuery, traineesExport);
  exportRoute("trainings", listQuery, trainingsExport);
  exportRoute("sessions", listQuery, sessionsExport);
  exportRoute("records", recordListQuery, recordsExport);
};
