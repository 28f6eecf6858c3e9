import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decoyHash, hashPassword, verifyPassword } from "../../server/auth/passwords";
import { LONG_TTL_SECONDS, SHORT_TTL_SECONDS, signToken, verifyToken } from "../../server/auth/tokens";

const secret = new TextEncoder().encode("secret-de-test-suffisamment-long-pour-hs256");
const claims = { sub: "0190a1b2c3d4e5f60718293a4b5c6d7e", role: "rol_resp-of" as const, ver: 3 };
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const now = () => Math.floor(Date.now() / 1000);

describe("session tokens", () => {
  it("round-trips sub, role and ver, signed HS256", async () => {
    const token = await signToken(claims, secret, false);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "HS256", typ: "JWT" });
    expect(await verifyToken(token, secret)).toEqual(claims);
  });

  it("lasts 12 hours, or 30 days with longTTL", async () => {
    expect(SHORT_TTL_SECONDS).toBe(43_200);
    expect(LONG_TTL_SECONDS).toBe(2_592_000);
    const short = decodeJwt(await signToken(claims, secret, false));
    const long = decodeJwt(await signToken(claims, secret, true));
    expect(short.exp! - short.iat!).toBe(12 * 3600);
    expect(long.exp! - long.iat!).toBe(30 * 24 * 3600);
    expect(Math.abs(short.iat! - now())).toBeLessThanOrEqual(2);
  });

  it("rejects a token signed with another secret", async () => {
    const token = await signToken(claims, new TextEncoder().encode("un-autre-secret-un-autre-secret-!!"), false);
    expect(await verifyToken(token, secret)).toBeNull();
  });

  it('rejects alg "none" and any algorithm other than HS256', async () => {
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, iat: now(), exp: now() + 60 })}.`;
    expect(await verifyToken(unsigned, secret)).toBeNull();
    const hs512 = await new SignJWT({ role: claims.role, ver: claims.ver })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(claims.sub)
      .setExpirationTime("1h")
      .sign(secret);
    expect(await verifyToken(hs512, secret)).toBeNull();
  });

  it("rejects an expired token", async () => {
    const token = await new SignJWT({ role: claims.role, ver: claims.ver })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 60)
      .sign(secret);
    expect(await verifyToken(token, secret)).toBeNull();
  });

  it.each([
    ["an unknown role", { role: "rol_pirate", ver: 1 }, true],
    ["a string ver", { role: "rol_admin", ver: "1" }, true],
    ["no ver", { role: "rol_admin" }, true],
    ["no sub", { role: "rol_admin", ver: 1 }, false],
  ])("rejects claims with %s", async (_label, payload, withSubject) => {
    let jwt = new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h");
    if (withSubject) jwt = jwt.setSubject(claims.sub);
    expect(await verifyToken(await jwt.sign(secret), secret)).toBeNull();
  });

  it.each([
    ["no exp (it would never expire)", (jwt: SignJWT) => jwt.setIssuedAt()],
    ["no iat", (jwt: SignJWT) => jwt.setExpirationTime("1h")],
  ])("rejects a token with %s, even signed with the right secret", async (_label, complete) => {
    const jwt = complete(new SignJWT({ role: claims.role, ver: claims.ver }).setProtectedHeader({ alg: "HS256" }).setSubject(claims.sub));
    expect(await verifyToken(await jwt.sign(secret), secret)).toBeNull();
  });

  describe("once verified (tokens are remembered to spare the HMAC on every request)", () => {
    afterEach(() => vi.useRealTimers());

    it("still expires at its exp", async () => {
      const token = await signToken(claims, secret, false);
      expect(await verifyToken(token, secret)).toEqual(claims);
      const { exp } = decodeJwt(token);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(exp! * 1000 - 1000);
      expect(await verifyToken(token, secret)).toEqual(claims);
      vi.setSystemTime(exp! * 1000);
      expect(await verifyToken(token, secret)).toBeNull();
    });

    it("is not accepted under another secret", async () => {
      const token = await signToken(claims, secret, false);
      expect(await verifyToken(token, secret)).toEqual(claims);
      expect(await verifyToken(token, new TextEncoder().encode("un-autre-secret-un-autre-secret-!!"))).toBeNull();
    });

    it("does not make a token with one character changed acceptable", async () => {
      const token = await signToken(claims, secret, false);
      expect(await verifyToken(token, secret)).toEqual(claims);
      // The signature's first character (its last one carries unused bits).
      const at = token.lastIndexOf(".") + 1;
      const forged = `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
      expect(await verifyToken(forged, secret)).toBeNull();
    });
  });

  it("rejects garbage", async () => {
    for (const garbage of ["", "abc", "a.b.c", `${b64({ alg: "HS256" })}.${b64(claims)}.c2lnbmF0dXJl`]) {
      expect(await verifyToken(garbage, secret)).toBeNull();
    }
  });
});

describe("passwords", () => {
  it("hashes with argon2id m=19456 t=2 p=1 and verifies", async () => {
    const hash = await hashPassword("Mot-De-Passe-1!");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Mot-De-Passe-1!")).toBe(true);
    expect(await verifyPassword(hash, "mot-de-passe-1!")).toBe(false);
  });

  it("answers false, not an error, for a malformed stored hash", async () => {
    expect(await verifyPassword("pas-un-hash", "x")).toBe(false);
    expect(await verifyPassword("", "x")).toBe(false);
  });

  it("keeps one decoy hash that matches no real password", async () => {
    const decoy = await decoyHash();
    expect(await decoyHash()).toBe(decoy);
    expect(decoy).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(decoy, "Mot-De-Passe-1!")).toBe(false);
  });
});
