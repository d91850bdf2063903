import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { notificationKeys } from './keys';

export const markAllNotificationsRead = () => api<{ updated: number }>('POST', apiRoutes.notifications, { body: {} });

export const useMarkAllNotificationsRead = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof markAllNotificationsRead> } = {}) =>
  useInvalidatingMutation(markAllNotificationsRead, notificationKeys.all, mutationConfig);
