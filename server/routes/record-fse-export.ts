/**
 * GET /api/recordFse/export (issue 14, spec part 2 §6 'FSE export menu'): the surveys in the caller's scope as an XLSX workbook,
 * or CSV with format=csv, for sup-admin, admin, resp-cdc, gest-cdc and gest-cdcss. Streamed: rows come from a server-side cursor
 * and leave as they are written, so memory does not grow with the number of surveys.
 */
import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FSE_PERIODS, fseExportQuerySchema, type FseExportQuery } from "../../resources/fse/schema";
import { callerOf, requireAccess } from "../auth/guard";
import { dayInFrance } from "../calendar/calendar-dates";
import { contentDisposition } from "../media/file-names";
import { fseExportBatches } from "../repositories/record-fse-export";

const CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
} as const;

/** The file, for the OpenAPI document (its error answers stay JSON, server/http/errors.ts). */
const exportAnswer = z.unknown().meta({
  description: "Les questionnaires FSE : classeur XLSX, ou CSV (UTF-8 avec BOM, séparateur ';') avec format=csv",
  content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, { schema: { type: "string", format: "binary" } }])),
});

/** 'export-fse-sortie-2026-11-24.xlsx': the period (or all), the day of the export. */
function fileName(query: FseExportQuery, today: string): string {
  const period = query.period ? FSE_PERIODS[query.period].toLowerCase().replace(/\s+/g, "-") : "toutes-periodes";
  return `export-fse-${period}-${today}.${query.format}`;
}

export const recordFseExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recordFse/export",
    {
      onRequest: requireAccess("records", "exportFse"),
      schema: { tags: ["recordFse"], summary: "Export des questionnaires FSE", querystring: fseExportQuerySchema, response: { 200: exportAnswer } },
    },
    async (request, reply) => {
      const query = request.query;
      const batches = fseExportBatches(app.pool, callerOf(request), query);
      // The cursor is opened and the first batch read before answering: a database failure is still an error answer.
      const first = await batches.next();
      async function* rows() {
        if (first.done) return;
        yield first.value;
        yield* batches;
      }
      const out = new PassThrough();
      // exceljs weighs about 30 MiB once loaded: only a server that exports loads it, at its first export.
      const { writeFseExport } = await import("../fse/export-writers");
      writeFseExport(query.format, rows(), out).catch((error: unknown) => {
        // Headers are gone: the cut transfer tells the client, the log tells us.
        request.log.error({ err: error }, "export FSE interrompu");
        out.destroy(error instanceof Error ? error : undefined);
      });
      // The client left: the writer stops at its next batch, and the generator's `finally` frees the connection.
      out.on("close", () => void batches.return(undefined));
      const today = dayInFrance(app.config.clock?.() ?? new Date());
      return reply
        .type(CONTENT_TYPES[query.format])
        .header("content-disposition", contentDisposition(fileName(query, today), "attachment"))
        .send(out);
    },
  );
};
