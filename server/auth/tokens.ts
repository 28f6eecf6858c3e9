import { jwtVerify, SignJWT } from "jose";
import { isRoleId, type RoleId } from "../../resources/permissions";

export interface TokenClaims {
  sub: string;
  role: RoleId;
  ver: number;
}

const ALGORITHM = "HS256";
export const SHORT_TTL_SECONDS = 12 * 3600;
export const LONG_TTL_SECONDS = 30 * 24 * 3600;

export async function signToken(claims: TokenClaims, secret: Uint8Array, longTTL: boolean): Promise<string> {
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${longTTL ? LONG_TTL_SECONDS : SHORT_TTL_SECONDS}s`)
    .sign(secret);
}

/**
 * Verifies signature (HS256 only: no `alg` switching), expiry and claim shapes; null when anything is off.
 * `exp`, `iat` and `ver` are required: jose only checks `exp` when present, and a token without it would never expire.
 */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | null> {
  const verified = verifiedTokensOf(secret);
  const known = verified.get(token);
  if (known) {
    // jose's rule: expired once the current second reaches `exp`.
    if (Math.floor(Date.now() / 1000) < known.exp) {
      verified.delete(token);
      verified.set(token, known); // most recently used last
      return known.claims;
    }
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ["exp", "iat", "sub", "ver"] });
    if (typeof payload.sub !== "string" || !isRoleId(payload.role) || typeof payload.ver !== "number") return null;
    const claims: TokenClaims = { sub: payload.sub, role: payload.role, ver: payload.ver };
    verified.set(token, { claims, exp: payload.exp! });
    if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    return claims;
  } catch {
    return null;
  }
}

/**
 * Tokens already verified, per secret, least recently used first: the HMAC check (WebCrypto key import and signature)
 * was the largest part of a cheap list call's CPU. Only the exact string that passed is remembered, with its `exp`;
 * revocation (`ver`) does not depend on it: the caller's row is still read on every request (guard.ts).
 */
const VERIFIED_TOKENS_KEPT = 1_000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; exp: number }>>();

function verifiedTokensOf(secret: Uint8Array) {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map()));
  return verified;
}
