/**
 * Signing in from end-to-end tests. `loginAs(page, role)` (the `signIn` fixture of fixtures.ts) takes the fast path: the
 * role's token, put in the browser's storage before the first navigation (the login form itself is tested in auth.spec.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { RoleId } from "../../../resources/permissions";

/** Same as server/db/demo/employees.ts DEMO_PASSWORD (duplicated: tests must not import the server). */
export const DEMO_PASSWORD = "Demo-2026!";

/** One demo account per role (server/db/demo/employees.ts). */
export const ROLE_EMAILS: Record<RoleId, string> = {
  "rol_sup-admin": "superadmin@demo.test",
  rol_admin: "admin@demo.test",
  "rol_resp-of": "resp-of@demo.test",
  "rol_gest-of": "gest-of@demo.test",
  "rol_resp-cdc": "resp-cdc@demo.test",
  "rol_gest-cdc": "gest-cdc@demo.test",
  "rol_gest-cdcss": "gest-cdcss@demo.test",
};

/** The demo accounts' display names, as the side menu shows them ("Prénom NOM"). */
export const ROLE_USERS: Record<RoleId, string> = {
  "rol_sup-admin": "Sophie MARTIN",
  rol_admin: "Hélène LEFÈVRE",
  "rol_resp-of": "Jean-Pierre DUPONT",
  "rol_gest-of": "Camille BERNARD",
  "rol_resp-cdc": "Olivier ROUSSEAU",
  "rol_gest-cdc": "Nadia BENALI",
  "rol_gest-cdcss": "Thomas GIRAUD",
};

/** Must match providers/data-provider.ts TOKEN_KEY. */
export const TOKEN_KEY = "token";

/** A demo account's session token from POST /api/auth-sessions. */
async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/api/auth-sessions", { data: { email, password: DEMO_PASSWORD, longTTL: false } });
  expect(response.ok(), `connexion API de ${email} : ${response.status()}`).toBe(true);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * The demo account's token of each role, asked once per worker: a login costs the server an argon2 check, the most
 * expensive thing it does, and no test revokes a demo account's tokens (only a password reset or a change of role or
 * e-mail would; tests do those on accounts of their own).
 */
const roleTokens = new Map<RoleId, Promise<string>>();

function roleToken(request: APIRequestContext, role: RoleId): Promise<string> {
  let token = roleTokens.get(role);
  if (!token) {
    token = apiToken(request, ROLE_EMAILS[role]);
    roleTokens.set(role, token);
    // A login cut short (its test stopped meanwhile) is asked again by the next test.
    token.catch(() => roleTokens.delete(role));
  }
  return token;
}

/** Bearer headers for direct API calls from a test (fixtures, checks). */
export async function apiHeaders(request: APIRequestContext, role: RoleId): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await roleToken(request, role)}` };
}

/**
 * Signs `page` in as the demo account of `role` and, when `path` is given, opens it.
 * The token is written on a tiny same-origin file so that no page of the app runs before it is there.
 */
export async function loginAs(page: Page, role: RoleId, path?: string): Promise<void> {
  const token = await roleToken(page.request, role);
  await page.goto("/favicon.svg");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  if (path) await page.goto(path);
}

/** The data directory of the server under test (playwright.config.ts), whose outbox/ holds the mails sent. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR absent : lancez les tests avec playwright.config.ts");
  return dir;
}

/** Undoes quoted-printable encoding (soft line breaks, =XX bytes) as mails are written. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Waits for the reset-password mail sent to `email` and returns its link (`…/?cta=resetPassword&t=…`). */
export async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(dataDir(), "outbox");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith(".eml")) : [];
        for (const file of files.sort().reverse()) {
          const mail = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), "latin1"));
          if (!mail.toLowerCase().includes(email.toLowerCase())) continue;
          const match = /https?:\/\/[^\s"<>]+\/\?cta=resetPassword(?:&amp;|&)t=[\w-]+/.exec(mail);
          if (match) {
            link = match[0].replace("&amp;", "&");
            return true;
          }
        }
        return false;
      },
      { message: `mail de réinitialisation pour ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}
