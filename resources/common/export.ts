/**
 * The exports' common wire: the format asked (`format=xlsx|csv`, XLSX by default) with its French refusal, and the page's texts
 * for the « Exporter » menu. Pure TS: the server reads the schema, the SPA the texts.
 */
import { z } from "zod";

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MSG = {
  badFormat: "Le format doit être xlsx ou csv",
  menu: "Exporter",
  xlsx: "Classeur Excel (XLSX)",
  csv: "Fichier CSV",
  /** While the file arrives: how much came so far. */
  progress: (received: string) => `Téléchargement de l'export… ${received} reçus`,
  progressLabel: "Progression du téléchargement de l'export",
  failed: "Une erreur est survenue lors du téléchargement de l'export",
  done: "Export téléchargé",
} as const;

export const exportFormat = z.enum(EXPORT_FORMATS, { error: EXPORT_MSG.badFormat }).default("xlsx");
