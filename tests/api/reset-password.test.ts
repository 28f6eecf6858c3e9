import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo as mailsToOf, outbox as outboxOf } from "./support/outbox";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";

const INVALID_LINK = "Ce lien de réinitialisation est invalide, a expiré ou a déjà été utilisé.";
const WEAK = "Le mot de passe n'est pas assez fort (minimum 8 caractères, une lettre minuscule, une lettre majuscule, un chiffre et un symbole";
const NEW_PASSWORD = "Nouveau-Mot2Passe!";

let t: TestApp;
let org: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://formation.exemple.fr" });
  org = await t.organization();
});
afterAll(() => t.close());

const requestReset = (email: string) => t.app.inject({ method: "POST", url: "/api/users/reset-password", payload: { email } });
const resetPassword = (payload: object) => t.app.inject({ method: "PATCH", url: "/api/users/reset-password", payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth-sessions", payload: { email, password, longTTL: false } });

const outbox = () => outboxOf(t);
const mailsTo = (email: string) => mailsToOf(t, email);

/** Requests a reset and returns the token carried by the mail's link. */
async function tokenFromMail(employee: TestEmployee): Promise<string> {
  const before = (await mailsTo(employee.email)).length;
  expect((await requestReset(employee.email)).statusCode).toBe(204);
  const mails = await mailsTo(employee.email);
  expect(mails).toHaveLength(before + 1);
  const match = /https:\/\/formation\.exemple\.fr\/\?cta=resetPassword&t=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("POST /api/users/reset-password", () => {
  it("answers 204 for a known e-mail and writes a French mail with the link to the outbox", async () => {
    const employee = await t.employee("rol_gest-of", [org]);
    const res = await requestReset(employee.email.toUpperCase());
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    const [mail, ...others] = await mailsTo(employee.email);
    expect(others).toHaveLength(0);
    expect(mail).toMatch(/^Subject: Réinitialisation de votre mot de passe$/m);
    expect(mail).toContain("Une demande de réinitialisation du mot de passe de votre compte a été faite.");
    expect(mail).toContain("(valable 30 minutes, utilisable une seule fois)");
    expect(mail).toMatch(/https:\/\/formation\.exemple\.fr\/\?cta=resetPassword&t=[A-Za-z0-9_-]{43}\b/);
  });

  it("stores only the SHA-256 of the token, valid 30 minutes", async () => {
    const employee = await t.employee("rol_gest-of", [org]);
    const token = await tokenFromMail(employee);
    const rows = await t.query<{ token_hash: string; minutes: number; used_at: Date | null }>(
      "select token_hash, extract(epoch from expires_at - now()) / 60 as minutes, used_at from password_resets where employee_id = $1",
      [employee.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Number(rows[0]!.minutes)).toBeGreaterThan(29);
    expect(Number(rows[0]!.minutes)).toBeLessThanOrEqual(30);
    expect(rows[0]!.used_at).toBeNull();
  });

  it("answers an unknown e-mail the same way, without writing anything", async () => {
    const before = (await outbox()).length;
    const resetsBefore = await t.query("select count(*)::int as n from password_resets");
    const started = performance.now();
    const res = await requestReset("inconnu@exemple.fr");
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    // Padded to the same minimum duration as a known address.
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(await outbox()).toHaveLength(before);
    expect(await t.query("select count(*)::int as n from password_resets")).toEqual(resetsBefore);
  });

  it("answers 400 with the French message for an invalid e-mail", async () => {
    const res = await requestReset("pas-une-adresse");
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "body.email", message: "Cette adresse email n'est pas valide" }]);
  });
});

describe("PATCH /api/users/reset-password", () => {
  it("sets the new password once; the link then stops working, old password and old tokens die", async () => {
    const employee = await t.employee("rol_resp-cdc", [org]);
    const oldToken = (await login(employee.email, TEST_PASSWORD)).json().data.token as string;
    const me = (token: string) => t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${token}` } });
    expect((await me(oldToken)).statusCode).toBe(200);

    const token = await tokenFromMail(employee);
    const first = await resetPassword({ password: NEW_PASSWORD, token });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe("");

    const second = await resetPassword({ password: "Encore-Un-Autre3!", token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ statusCode: 400, message: INVALID_LINK });

    expect((await login(employee.email, TEST_PASSWORD)).statusCode).toBe(403);
    const fresh = await login(employee.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(201);
    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await me(fresh.json().data.token)).statusCode).toBe(200);

    const [row] = await t.query<{ password_hash: string; token_version: number }>(
      "select password_hash, token_version from employees where id = $1",
      [employee.id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.token_version).toBe(2);
  });

  it("lets an employee without a password choose one", async () => {
    const employee = await t.employee("rol_gest-cdc", [org], { passwordHash: null });
    expect((await resetPassword({ password: NEW_PASSWORD, token: await tokenFromMail(employee) })).statusCode).toBe(204);
    expect((await login(employee.email, NEW_PASSWORD)).statusCode).toBe(201);
  });

  it("kills the other links of the same employee once one is used", async () => {
    const employee = await t.employee("rol_gest-of", [org]);
    const earlier = await tokenFromMail(employee);
    const later = await tokenFromMail(employee);
    expect((await resetPassword({ password: NEW_PASSWORD, token: later })).statusCode).toBe(204);
    expect((await resetPassword({ password: "Encore-Un-Autre3!", token: earlier })).statusCode).toBe(400);
  });

  it("refuses an expired link and changes nothing", async () => {
    const employee = await t.employee("rol_gest-of", [org]);
    const token = await tokenFromMail(employee);
    await t.query("update password_resets set expires_at = now() - interval '1 second' where employee_id = $1", [employee.id]);
    const res = await resetPassword({ password: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_LINK, details: { fields: [{ path: "body.token", message: INVALID_LINK }] } });
    expect((await login(employee.email, TEST_PASSWORD)).statusCode).toBe(201);
    expect(await t.query("select token_version from employees where id = $1", [employee.id])).toEqual([{ token_version: 1 }]);
  });

  it("refuses an unknown token", async () => {
    const res = await resetPassword({ password: NEW_PASSWORD, token: "x".repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_LINK);
  });

  it("refuses a weak password with the spec's strength message, keeping the link usable", async () => {
    const employee = await t.employee("rol_gest-of", [org]);
    const token = await tokenFromMail(employee);
    for (const weak of ["Aa1!", "sansmajuscule1!", "SANSMINUSCULE1!", "Sans-Chiffre!", "SansSymbole12"]) {
      const res = await resetPassword({ password: weak, token });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fields).toEqual([{ path: "body.password", message: WEAK }]);
    }
    const missing = await resetPassword({ token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields).toEqual([{ path: "body.password", message: "Un mot de passe est requis" }]);
    expect((await resetPassword({ password: NEW_PASSWORD, token })).statusCode).toBe(204);
  });
});
