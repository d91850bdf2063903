import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { contactMessageKeys } from './keys';

export const deleteContactMessage = (id: string) =>
  api<{ _id: string }>('DELETE', `${apiRoutes.contactMessages}/${id}`);

export const useDeleteContactMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteContactMessage> } = {}) =>
  useInvalidatingMutation(deleteContactMessage, contactMessageKeys.all, mutationConfig);
