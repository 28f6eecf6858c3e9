/** A worker thread of server/sessions/sheet-renderer.ts: draws one attendance sheet (pdf-lib, loaded in this thread only). */
import { renderAttendanceSheet, type AttendanceSheetInput } from "./attendance-sheet";

export default function drawSheet(input: AttendanceSheetInput): Promise<Uint8Array> {
  return renderAttendanceSheet(input);
}
