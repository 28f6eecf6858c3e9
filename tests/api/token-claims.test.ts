import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let user: TestEmployee;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.employee("rol_admin", [await t.organization()]);
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the app's own secret, carrying exactly the claims given (what a leaked-secret or buggy issuer could mint). */
const forge = (claims: { exp?: number; iat?: number; ver?: number }) =>
  new SignJWT({ role: user.roleId, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(user.id).sign(t.config.jwtSecret);

const me = async (token: string) => t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: `Bearer ${token}` } });

describe("tokens must carry exp, iat and ver", () => {
  it("accepts a complete token signed with the right secret", async () => {
    expect((await me(await forge({ exp: now() + 600, iat: now(), ver: 1 }))).statusCode).toBe(200);
  });

  it.each([
    ["no exp (a token that never expires)", { iat: now(), ver: 1 }],
    ["no iat", { exp: now() + 600, ver: 1 }],
    ["no ver", { exp: now() + 600, iat: now() }],
    ["none of them", {}],
  ])("rejects a token with %s → 401", async (_label, claims) => {
    const res = await me(await forge(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Authentification requise");
  });
});
