import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type ResetPasswordBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

export const resetPassword = (body: ResetPasswordBody) =>
  api<{ message: string }>('POST', apiRoutes.resetPassword, { body });

export const useResetPassword = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: resetPassword });
