import fs from "node:fs";
import path from "node:path";
import type { TestApp } from "./test-app";

// Quoted-printable to text: escapes are UTF-8 bytes, everything else is ASCII, so a latin1 round trip rebuilds the bytes.
const unQuote = (s: string) =>
  Buffer.from(s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");

/** Headers unfolded with their encoded words decoded, body decoded from quoted-printable: the mail as a reader sees it. */
export function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => unQuote(text.replace(/_/g, " ")));
  return `${headers}\n${unQuote(raw.slice(split))}`;
}

/** The .eml files the app wrote so far, decoded, oldest first. */
export async function outbox(t: TestApp): Promise<string[]> {
  await t.app.mailer.flush();
  const dir = t.app.mailer.outboxDir!;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => decodeMail(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** The mails addressed to `email`. */
export async function mailsTo(t: TestApp, email: string): Promise<string[]> {
  return (await outbox(t)).filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "mi").test(mail));
}
