import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'community-platform';
/** Absolute lifetime: a stolen token stops working within half a day at most. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export type TokenClaims = { userId: string; version: number };

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
};

/** Verified tokens, so a client's repeated requests check the signature once. */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt });
  };
  return {
    sign: ({ userId, version }) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        const claims = { userId: payload.sub, version: payload.ver };
        remember(token, claims, (payload.exp ?? 0) * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
