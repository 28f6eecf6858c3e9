/**
 * The mails the server under test wrote to its outbox (no SMTP in end-to-end runs; playwright.config.ts's E2E_DATA_DIR),
 * decoded, for tests checking what was sent and how many times.
 */
import fs from "node:fs";
import path from "node:path";
import { dataDir, decodeQuotedPrintable } from "./auth";

/** Every mail of the outbox whose decoded text contains each of `needles` (e.g. a test's own training name and session link). */
export function mailsContaining(...needles: string[]): string[] {
  const outbox = path.join(dataDir(), "outbox");
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith(".eml")) : [];
  return files
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), "latin1")))
    .filter((mail) => needles.every((needle) => mail.includes(needle)));
}
