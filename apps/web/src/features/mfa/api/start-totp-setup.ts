import { apiRoutes, type TotpSetup } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

/** A new authenticator secret (text, otpauth URL, QR code); active once a code confirms it. */
export const startTotpSetup = () => api<TotpSetup>('POST', `${apiRoutes.mfa}/totp`, { body: {} });

export const useStartTotpSetup = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof startTotpSetup> } = {}) =>
  useInvalidatingMutation(startTotpSetup, mfaKeys.all, mutationConfig);
