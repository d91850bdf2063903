import { apiRoutes, type BulkResult } from '@community/shared';
import type { BulkRequest } from '../../../components/resource-list/bulk-actions';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/react-query';

/** block, unblock, confirm, delete, assign-role or remove-role (with `roleId`), for each id. */
export const bulkUsers = (body: BulkRequest) => api<BulkResult>('POST', `${apiRoutes.users}/bulk`, { body });

/** A bulk action touches users, their roles and the lists that show either: every list is read again. */
export const useBulkUsers = () => useInvalidatingMutation(bulkUsers, []);
