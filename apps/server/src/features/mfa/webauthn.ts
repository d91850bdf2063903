import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyRow } from './mfa.queries.js';

/** The relying party is PUBLIC_URL: its host is the RP ID and its origin the only one accepted. */
export type RelyingParty = { id: string; name: string; origin: string };

export const relyingPartyOf = (publicUrl: string, name: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origin: url.origin };
};

const TIMEOUT_MS = 5 * 60 * 1000;

/** Loaded at the first passkey ceremony: it is the largest library here, and most requests need none. */
const webauthn = () => import('@simplewebauthn/server');

export const registrationOptions = async (
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: PasskeyRow[],
) =>
  (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId })),
    // A discoverable credential can sign in alone; user verification makes it two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });

/** Options for an assertion: of the given passkeys, or of any discoverable one when none are given. */
export const authenticationOptions = async (rp: RelyingParty, allowed: PasskeyRow[] = []) =>
  (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId })),
  });

/** The new passkey when the attestation is good, else null. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<VerifiedRegistrationResponse['registrationInfo'] | null> {
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  return result?.verified ? result.registrationInfo : null;
}

/** The new signature counter when the assertion is good, else null. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webauthn();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports ?? undefined,
    },
  }).catch(() => null);
  return result?.verified ? result.authenticationInfo.newCounter : null;
}

/** The challenge a response answers, read before anything is verified, to find its ceremony. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}
