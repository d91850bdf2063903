import { apiRoutes, type BulkResult } from '@community/shared';
import type { BulkRequest } from '../../../components/resource-list/bulk-actions';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/react-query';
import { inviteKeys } from './keys';

/** revoke or delete, for each id. */
export const bulkInvites = (body: BulkRequest) => api<BulkResult>('POST', `${apiRoutes.invites}/bulk`, { body });

export const useBulkInvites = () => useInvalidatingMutation(bulkInvites, inviteKeys.all);
