import { apiRoutes, type PasswordConfirmBody, type RecoveryCodes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

/** A new set of recovery codes; the earlier set stops working. Needs the password. */
export const makeRecoveryCodes = (body: PasswordConfirmBody) =>
  api<RecoveryCodes>('POST', `${apiRoutes.mfa}/recovery-codes`, { body });

export const useMakeRecoveryCodes = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof makeRecoveryCodes> } = {}) =>
  useInvalidatingMutation(makeRecoveryCodes, mfaKeys.all, mutationConfig);
