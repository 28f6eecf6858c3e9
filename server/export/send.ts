/**
 * An export's answer, for every export route: the rows' cursor opened and its first batch read before answering (a database
 * failure is still an error answer), then the file streamed as it is written — XLSX or CSV — under a French file name with the
 * day (`dossiers-de-formation-2026-11-25.xlsx`, Content-Disposition). The client leaving stops the writer at its next batch and
 * frees the cursor's connection.
 */
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { ExportFormat } from "../../resources/common/export";
import { dayInFrance } from "../calendar/calendar-dates";
import { contentDisposition } from "../media/file-names";
import type { ExportLayout } from "./cells";
import { exportBatches } from "./cursor";

export const EXPORT_CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
} as const;

/** The file, for the OpenAPI document (its error answers stay JSON, server/http/errors.ts). */
export const exportAnswer = (what: string) =>
  z.unknown().meta({
    description: `${what} : classeur XLSX, ou CSV (UTF-8 avec BOM, séparateur ';') avec format=csv`,
    content: Object.fromEntries(Object.values(EXPORT_CONTENT_TYPES).map((type) => [type, { schema: { type: "string", format: "binary" } }])),
  });

export interface ExportRequest<R> {
  format: ExportFormat;
  /** The file's name without the day nor the extension: 'dossiers-de-formation'. */
  fileStem: string;
  layout: ExportLayout<R>;
  /** The rows' select, in the export's order. */
  query: SQL;
}

export async function sendExport<R>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, { format, fileStem, layout, query }: ExportRequest<R>) {
  const batches = exportBatches<R>(app.pool, query);
  const first = await batches.next();
  async function* rows() {
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  const out = new PassThrough();
  const { writeExport } = await import("./writers");
  writeExport(format, layout, rows(), out).catch((error: unknown) => {
    // Headers are gone: the cut transfer tells the client, the log tells us.
    request.log.error({ err: error }, "export interrompu");
    out.destroy(error instanceof Error ? error : undefined);
  });
  out.on("close", () => void batches.return(undefined));
  const today = dayInFrance(app.config.clock?.() ?? new Date());
  return reply
    .type(EXPORT_CONTENT_TYPES[format])
    .header("content-disposition", contentDisposition(`${fileStem}-${today}.${format}`, "attachment"))
    .send(out);
}
