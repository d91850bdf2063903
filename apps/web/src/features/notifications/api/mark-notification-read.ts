import { apiRoutes, type Notification } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { notificationKeys } from './keys';

export const markNotificationRead = (id: string) =>
  api<Notification>('POST', `${apiRoutes.notifications}/${id}/read`, { body: {} });

export const useMarkNotificationRead = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof markNotificationRead> } = {}) =>
  useInvalidatingMutation(markNotificationRead, notificationKeys.all, mutationConfig);
