import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { download } from '../../../lib/api-client';
import { exportSearch, type ListParams } from '../../../lib/list-query';

/** Every invite the list's sort and status filter match, saved as a CSV file. */
export const exportInvites = (params: ListParams) =>
  download(`${apiRoutes.invites}/export.csv?${exportSearch(params)}`, 'invites.csv');

export const useExportInvites = () => useMutation({ mutationFn: exportInvites });
