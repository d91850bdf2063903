import { apiRoutes, type PasswordConfirmBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

/** The password is needed when the app is the last factor. */
export const removeTotp = (body: PasswordConfirmBody) =>
  api<{ message: string }>('DELETE', `${apiRoutes.mfa}/totp`, { body });

export const useRemoveTotp = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeTotp> } = {}) =>
  useInvalidatingMutation(removeTotp, mfaKeys.all, mutationConfig);
