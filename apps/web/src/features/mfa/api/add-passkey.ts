import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { apiRoutes, type RecoveryCodes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

export const getPasskeyCreationOptions = () =>
  api<PublicKeyCredentialCreationOptionsJSON>('POST', `${apiRoutes.mfa}/passkeys/options`, { body: {} });

export const registerPasskey = (body: { name: string; response: RegistrationResponseJSON }) =>
  api<RecoveryCodes>('POST', `${apiRoutes.mfa}/passkeys`, { body });

/**
 * The whole ceremony: the server's options, the browser's dialog, the server's check. The
 * WebAuthn library loads only here, when someone adds a passkey.
 */
export async function addPasskey(name: string): Promise<RecoveryCodes> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    getPasskeyCreationOptions(),
  ]);
  return registerPasskey({ name, response: await startRegistration({ optionsJSON }) });
}

export const useAddPasskey = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addPasskey> } = {}) =>
  useInvalidatingMutation(addPasskey, mfaKeys.all, mutationConfig);
