import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS, createTokenService } from './tokens.js';

const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const claims = {
  userId: '0198c5a0-0000-7000-8000-000000000001',
  version: 3,
  sessionId: '0198c5a0-0000-7000-8000-0000000000aa',
};
const swapPayload = (token: string, payload: object) => {
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
};

describe('tokens', () => {
  it('signs a standard HS256 JWT that jose verifies with the same secret', async () => {
    const token = await createTokenService(SECRET).sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      issuer: 'community-platform',
    });
    expect(payload).toMatchObject({ sub: claims.userId, ver: claims.version, sid: claims.sessionId });
    expect(payload.exp! - payload.iat!).toBe(TOKEN_LIFETIME_SECONDS);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  it('verifies its own tokens and ones jose signed, and nothing else', async () => {
    const tokens = createTokenService(SECRET);
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
    const joseToken = await new SignJWT({ ver: 1, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('community-platform')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(joseToken)).toEqual({ ...claims, version: 1 });
    // A token from before sessions names none: it is not a sign-in this server can end, so it is refused.
    const sessionless = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('community-platform')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(sessionless)).toBeNull();

    const other = await createTokenService('another-secret-entirely-0123456789').sign(claims);
    expect(await tokens.verify(other)).toBeNull();
    const own = await tokens.sign(claims);
    expect(await tokens.verify(swapPayload(own, { ...decodeJwt(own), ver: 99 }))).toBeNull();
    const expired = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('community-platform')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(expired)).toBeNull();
    expect(await tokens.verify(`${own.split('.').slice(0, 2).join('.')}.`)).toBeNull();
  });
});
