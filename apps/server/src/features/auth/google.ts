import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { messages } from '@community/shared';
import { AppError } from '../../lib/app-error.js';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** `sub` is Google's id of the account: stable, unlike the address it shows. */
export type GooglePerson = { sub: string; email: string; name: string };
export type GoogleVerifier = (credential: string) => Promise<GooglePerson>;

/** Key-set trouble is Google's (or the network's), not the person's: it answers 503, not 401. */
const isKeySetFailure = (error: unknown) =>
  error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError);

/**
 * Checks a Google ID token: RS256 signature by a key of `jwksUrl` (fetched and cached by jose),
 * issuer, audience `clientId`, expiry, and a verified email.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (credential) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub', 'email'],
      }));
    } catch (error) {
      if (isKeySetFailure(error)) throw new AppError('unavailable', messages.googleUnavailable);
      throw new AppError('unauthorized', messages.googleFailed);
    }
    const { sub, email, email_verified: isVerified, name } = payload;
    if (typeof sub !== 'string' || !sub || sub.length > 255 || typeof email !== 'string' || isVerified !== true) {
      throw new AppError('unauthorized', messages.googleFailed);
    }
    const address = email.trim().toLowerCase();
    const displayName = typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : address.split('@')[0]!;
    return { sub, email: address, name: displayName };
  };
}
