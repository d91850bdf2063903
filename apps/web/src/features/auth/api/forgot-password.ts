import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type ForgotPasswordBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** Mails a link to choose a new password. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api<{ message: string }>('POST', apiRoutes.forgotPassword, { body });

export const useForgotPassword = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof forgotPassword> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: forgotPassword });
