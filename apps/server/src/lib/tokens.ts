import { createHmac, createSecretKey } from 'node:crypto';
import { jwtVerify } from 'jose';

const ISSUER = 'community-platform';
/** Absolute lifetime: a stolen token stops working within half a day at most. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

/** Whose token, which version of their password and state, and which sign-in (session) made it. */
export type TokenClaims = { userId: string; version: number; sessionId: string };

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
};

/** Verified tokens, so a client's repeated requests check the signature once. */
const VERIFIED_CACHE_SIZE = 10_000;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function createTokenService(secret: string): TokenService {
  const key = createSecretKey(Buffer.from(secret));
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt });
  };
  return {
    // A compact HS256 JWS (RFC 7515), signed in place: WebCrypto's asynchronous signing costs a
    // sign-in more than the whole token otherwise does. jose verifies it like any other.
    sign: async ({ userId, version, sessionId }) => {
      const issuedAt = Math.floor(Date.now() / 1000);
      const claims = {
        ver: version,
        sid: sessionId,
        sub: userId,
        iss: ISSUER,
        iat: issuedAt,
        exp: issuedAt + TOKEN_LIFETIME_SECONDS,
      };
      const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const { sub, ver, sid } = payload;
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return null;
        const claims = { userId: sub, version: ver, sessionId: sid };
        remember(token, claims, (payload.exp ?? 0) * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
