import { apiRoutes, type ContactMessage, type ContactStatus } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { contactMessageKeys } from './keys';

/** Files a message: back to new, handled, or archived. */
export const setContactStatus = ({ id, status }: { id: string; status: ContactStatus }) =>
  api<ContactMessage>('PUT', `${apiRoutes.contactMessages}/${id}`, { body: { status } });

export const useSetContactStatus = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof setContactStatus> } = {}) =>
  useInvalidatingMutation(setContactStatus, contactMessageKeys.all, mutationConfig);
