import { apiRoutes, type ContactMessage } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { contactMessageKeys } from './keys';

/** Mails the reply to the writer; the message keeps it and is marked handled. */
export const replyToContactMessage = ({ id, body }: { id: string; body: string }) =>
  api<ContactMessage>('POST', `${apiRoutes.contactMessages}/${id}/reply`, { body: { body } });

export const useReplyToContactMessage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof replyToContactMessage> } = {}) =>
  useInvalidatingMutation(replyToContactMessage, contactMessageKeys.all, mutationConfig);
