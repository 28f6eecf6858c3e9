/**
 * GET /api/recordFse/export (issue 14, spec part 2 §6 'FSE export menu'): the surveys in the caller's scope as an XLSX workbook,
 * or CSV with format=csv, for sup-admin, admin, resp-cdc, gest-cdc and gest-cdcss. Streamed like every export (server/export/).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FSE_PERIODS, fseExportQuerySchema, type FseExportQuery } from "../../resources/fse/schema";
import { callerOf, requireAccess } from "../auth/guard";
import { exportAnswer, sendExport } from "../export/send";
import { FSE_EXPORT_LAYOUT } from "../fse/export-columns";
import { fseExportQuery } from "../repositories/record-fse-export";

/** 'export-fse-sortie': the period (or all); the day of the export follows. */
function fileStem(query: FseExportQuery): string {
  const period = query.period ? FSE_PERIODS[query.period].toLowerCase().replace(/\s+/g, "-") : "toutes-periodes";
  return `export-fse-${period}`;
}

export const recordFseExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recordFse/export",
    {
      onRequest: requireAccess("records", "exportFse"),
      schema: { tags: ["recordFse"], summary: "Export des questionnaires FSE", querystring: fseExportQuerySchema, response: { 200: exportAnswer("Les questionnaires FSE") } },
    },
    async (request, reply) => {
      const query = request.query;
      return sendExport(app, request, reply, { format: query.format, fileStem: fileStem(query), layout: FSE_EXPORT_LAYOUT, query: fseExportQuery(callerOf(request), query) });
    },
  );
};
