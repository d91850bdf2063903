import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRoutes, type LoginResponse } from '@community/shared';
import { api } from '../../../lib/api-client';

/** Options for any passkey of this site: the browser asks which one. */
export const getPasskeySignInOptions = () =>
  api<PublicKeyCredentialRequestOptionsJSON>('POST', apiRoutes.passkeyOptions, { body: {} });

export const verifyPasskeySignIn = (response: AuthenticationResponseJSON) =>
  api<LoginResponse>('POST', apiRoutes.passkeyVerify, { body: { response } });

/**
 * A passkey alone signs in (it is something held, unlocked by something known or being). The
 * sign-in screen imports this file only when the button is pressed, and the WebAuthn library
 * with it.
 */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    getPasskeySignInOptions(),
  ]);
  return verifyPasskeySignIn(await startAuthentication({ optionsJSON }));
}
