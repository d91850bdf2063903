import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'community-platform';
/** Absolute lifetime: a stolen token stops working within half a day at most. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export type TokenClaims = { userId: string; version: number };

export type TokenService = {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
};

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, version: payload.ver };
      } catch {
        return null;
      }
    },
  };
}
