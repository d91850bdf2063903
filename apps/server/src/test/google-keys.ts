import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'community-test.apps.googleusercontent.com';

/** A stable Google account id per address, as Google keeps one per account. */
export const googleSubOf = (email: string) =>
  String(BigInt(`0x${crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 15)}`));

type KeyPair = { kid: string; privateKey: CryptoKey; publicKey: CryptoKey };

async function newKeyPair(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicKey };
}

/**
 * Stands in for Google: a key set served over HTTP the way Google publishes its certificates,
 * and ID tokens signed with its private key. `foreignKey` is a key the set does not publish.
 */
export async function startGoogleKeys() {
  const published = await newKeyPair('test-key-1');
  const foreign = await newKeyPair('test-key-1');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: published.kid, alg: 'RS256', use: 'sig' };
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (claims: JWTPayload, options: { key?: KeyPair } = {}) => {
    const key = options.key ?? published;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: 'https://accounts.google.com',
      aud: GOOGLE_TEST_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      email_verified: true,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  };

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    foreignKey: foreign,
    /**
     * An ID token for `email` as Google would issue it to this client. Unless told otherwise, the
     * Google account (`sub`) is the one this address names.
     */
    idToken: (email: string, claims: JWTPayload = {}) =>
      sign({ sub: googleSubOf(email), email, name: 'Google Person', ...claims }),
    sign,
    requestCount: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
