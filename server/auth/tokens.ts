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
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], requiredClaims: ["exp", "iat", "sub", "ver"] });
    if (typeof payload.sub !== "string" || !isRoleId(payload.role) || typeof payload.ver !== "number") return null;
    return { sub: payload.sub, role: payload.role, ver: payload.ver };
  } catch {
    return null;
  }
}
