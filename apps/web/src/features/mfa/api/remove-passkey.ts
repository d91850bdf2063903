import { apiRoutes, type PasswordConfirmBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

/** The password is needed when this passkey is the last factor. */
export const removePasskey = ({ id, ...body }: PasswordConfirmBody & { id: string }) =>
  api<{ message: string }>('DELETE', `${apiRoutes.mfa}/passkeys/${id}`, { body });

export const useRemovePasskey = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removePasskey> } = {}) =>
  useInvalidatingMutation(removePasskey, mfaKeys.all, mutationConfig);
