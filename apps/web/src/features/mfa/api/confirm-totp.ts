import { apiRoutes, type RecoveryCodes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { mfaKeys } from './keys';

/** The first code turns the app on; the answer carries recovery codes when it is the first factor. */
export const confirmTotp = (body: { code: string }) =>
  api<RecoveryCodes>('POST', `${apiRoutes.mfa}/totp/confirm`, { body });

export const useConfirmTotp = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof confirmTotp> } = {}) =>
  useInvalidatingMutation(confirmTotp, mfaKeys.all, mutationConfig);
