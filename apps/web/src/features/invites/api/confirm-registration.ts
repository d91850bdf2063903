import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** The registrant opens the mailed link: their registration then waits for an administrator. */
export const confirmRegistration = (token: string) =>
  api<{ message: string }>('POST', apiRoutes.confirmRegistration, { body: { token } });

export const useConfirmRegistration = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof confirmRegistration> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: confirmRegistration });
