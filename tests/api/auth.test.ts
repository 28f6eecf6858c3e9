import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyToken } from "../../server/auth/tokens";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";

const BAD_CREDENTIALS = "Email ou mot de passe incorrect";

let t: TestApp;
let orgA: string;
let orgB: string;
let user: TestEmployee;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.organization({ name: "ALPHA FORMATION" });
  orgB = await t.organization({ name: "BETA CONSEIL" });
  user = await t.employee("rol_resp-of", [orgB, orgA], {
    firstName: "Hélène",
    lastName: "DURAND",
    phoneNumber: "0601020304",
    gender: "FEMALE",
    email: "helene.durand@exemple.fr",
  });
});
afterAll(() => t.close());

const login = (app: TestApp, body: unknown, remoteAddress = "127.0.0.1") =>
  app.app.inject({ method: "POST", url: "/api/auth-sessions", payload: body as object, remoteAddress });

describe("POST /api/auth-sessions", () => {
  it("signs in and returns a 12-hour token carrying sub, role and ver", async () => {
    const res = await login(t, { email: user.email, password: TEST_PASSWORD, longTTL: false });
    expect(res.statusCode).toBe(201);
    const { token } = res.json().data;
    expect(await verifyToken(token, t.config.jwtSecret)).toEqual({ sub: user.id, role: "rol_resp-of", ver: 1 });
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    expect(Math.abs(claims.exp! - (Date.now() / 1000 + 12 * 3600))).toBeLessThan(60);
  });

  it("gives a 30-day token with longTTL, and 12 hours when longTTL is absent", async () => {
    const long = await login(t, { email: user.email, password: TEST_PASSWORD, longTTL: true });
    expect(long.statusCode).toBe(201);
    const claims = decodeJwt(long.json().data.token);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);

    const absent = await login(t, { email: user.email, password: TEST_PASSWORD });
    expect(absent.statusCode).toBe(201);
    const short = decodeJwt(absent.json().data.token);
    expect(short.exp! - short.iat!).toBe(12 * 3600);
  });

  it("matches the e-mail whatever its case and surrounding spaces", async () => {
    const res = await login(t, { email: "  Helene.DURAND@Exemple.FR ", password: TEST_PASSWORD, longTTL: false });
    expect(res.statusCode).toBe(201);
    expect(decodeJwt(res.json().data.token).sub).toBe(user.id);
  });

  it("answers 403 with the spec's message for a wrong password", async () => {
    const res = await login(t, { email: user.email, password: "Wrong-Pass-2026!", longTTL: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, error: "Forbidden", message: BAD_CREDENTIALS, requestId: res.headers["x-request-id"] });
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const unknown = await login(t, { email: "personne@exemple.fr", password: TEST_PASSWORD, longTTL: false });
    const wrong = await login(t, { email: user.email, password: "Wrong-Pass-2026!", longTTL: false });
    expect(unknown.statusCode).toBe(403);
    // The same answer but for the request's own id.
    const { requestId: _unknownId, ...unknownBody } = unknown.json();
    const { requestId: _wrongId, ...wrongBody } = wrong.json();
    expect(unknownBody).toEqual(wrongBody);
  });

  it("answers a weak wrong password with 403, not with a strength error", async () => {
    const res = await login(t, { email: user.email, password: "abc", longTTL: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BAD_CREDENTIALS);
  });

  it("refuses an employee who never set a password", async () => {
    const fresh = await t.employee("rol_gest-of", [orgA], { passwordHash: null });
    const res = await login(t, { email: fresh.email, password: TEST_PASSWORD, longTTL: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BAD_CREDENTIALS);
  });

  it("answers 400 with French field messages for an invalid e-mail, a missing e-mail, an empty password", async () => {
    const invalid = await login(t, { email: "pas-une-adresse", password: "x", longTTL: false });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.fields).toEqual([{ path: "body.email", message: "Cette adresse email n'est pas valide" }]);

    const missing = await login(t, { password: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields).toEqual([{ path: "body.email", message: "Une adresse email est requise" }]);

    const empty = await login(t, { email: user.email, password: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toEqual([{ path: "body.password", message: "Un mot de passe est requis" }]);
  });
});

describe("GET /api/users/me", () => {
  it("returns the signed-in employee with role name and organisations", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/me", headers: await t.auth(user) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.query<{ created_at: Date; updated_at: Date }>("select created_at, updated_at from employees where id = $1", [user.id]);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        firstName: "Hélène",
        lastName: "DURAND",
        email: "helene.durand@exemple.fr",
        phoneNumber: "0601020304",
        gender: "FEMALE",
        type: "EMPLOYEE",
        role: { id: "rol_resp-of", name: "Responsable OF" },
        createdDate: row!.created_at.toISOString(),
        updatedDate: row!.updated_at.toISOString(),
        organizations: [
          { id: orgA, name: "ALPHA FORMATION" },
          { id: orgB, name: "BETA CONSEIL" },
        ],
      },
    });
  });
});

describe("GET /api/users/roles", () => {
  it("lists every role with its French name in the list envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/roles", headers: await t.auth(user) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      { id: "rol_sup-admin", name: "Super administrateur" },
      { id: "rol_admin", name: "Administrateur" },
      { id: "rol_resp-of", name: "Responsable OF" },
      { id: "rol_gest-of", name: "Gestionnaire OF" },
      { id: "rol_resp-cdc", name: "Responsable CDC" },
      { id: "rol_gest-cdc", name: "Gestionnaire CDC" },
      { id: "rol_gest-cdcss", name: "Gestionnaire CDC sanitaire et social" },
    ]);
    expect(body.metadata).toMatchObject({ pagination: { offset: 0, limit: 50, totalCount: 7 }, requestId: expect.any(String) });
  });

  it("filters by an accent-insensitive search", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/roles?search=sanitaire", headers: await t.auth(user) });
    expect(res.json().data).toEqual([{ id: "rol_gest-cdcss", name: "Gestionnaire CDC sanitaire et social" }]);
  });

  it("requires a signed-in caller", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/roles" });
    expect(res.statusCode).toBe(401);
  });
});

describe("tokens refused with 401", () => {
  const me = (authorization?: string) =>
    t.app.inject({ method: "GET", url: "/api/users/me", headers: authorization ? { authorization } : {} });
  const expect401 = async (authorization?: string) => {
    const res = await me(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: "Authentification requise" });
  };
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("accepts a valid token (control case)", async () => {
    expect((await me(`Bearer ${await t.tokenFor(user)}`)).statusCode).toBe(200);
  });

  it("missing token or not a bearer", async () => {
    await expect401();
    await expect401(`Basic ${Buffer.from(`${user.email}:${TEST_PASSWORD}`).toString("base64")}`);
    await expect401("Bearer ");
  });

  it("expired token", async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = await new SignJWT({ role: user.roleId, ver: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(t.config.jwtSecret);
    await expect401(`Bearer ${token}`);
  });

  it("token signed with another secret", async () => {
    const token = await new SignJWT({ role: user.roleId, ver: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("un-autre-secret-qui-n-est-pas-celui-du-serveur"));
    await expect401(`Bearer ${token}`);
  });

  it('token with alg "none"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: user.id, role: user.roleId, ver: 1, iat: now, exp: now + 3600 })}.`;
    await expect401(`Bearer ${token}`);
  });

  it("token whose ver is older than the employee's token version", async () => {
    const bumped = await t.employee("rol_gest-of", [orgA]);
    const old = await t.tokenFor(bumped, 1);
    await t.query("update employees set token_version = token_version + 1 where id = $1", [bumped.id]);
    await expect401(`Bearer ${old}`);
    expect((await me(`Bearer ${await t.tokenFor(bumped, 2)}`)).statusCode).toBe(200);
  });

  it("token of a deleted employee", async () => {
    const gone = await t.employee("rol_gest-of", [orgA]);
    const token = await t.tokenFor(gone);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    await t.query("delete from employees where id = $1", [gone.id]);
    await expect401(`Bearer ${token}`);
  });
});
