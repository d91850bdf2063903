import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRoutes, type LoginResponse } from '@community/shared';
import { api } from '../../../lib/api-client';

/** The second step of a sign-in: the challenge it answered and exactly one factor. */
export type LoginMfaBody = { challenge: string } & (
  { code: string } | { recoveryCode: string } | { passkey: AuthenticationResponseJSON }
);

/** A wrong factor answers 400 with its sentence; a challenge ended (expired, five wrong) 401. */
export const loginMfa = (body: LoginMfaBody) => api<LoginResponse>('POST', apiRoutes.loginMfa, { body });

/** WebAuthn options for the passkeys of the account this challenge belongs to. */
export const getLoginMfaPasskeyOptions = (challenge: string) =>
  api<PublicKeyCredentialRequestOptionsJSON>('POST', apiRoutes.loginMfaPasskeyOptions, { body: { challenge } });
