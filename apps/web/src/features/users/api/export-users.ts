import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { download } from '../../../lib/api-client';
import { exportSearch, type ListParams } from '../../../lib/list-query';

/** Every user the list's search, sort and filters match, saved as a CSV file. */
export const exportUsers = (params: ListParams) =>
  download(`${apiRoutes.users}/export.csv?${exportSearch(params)}`, 'users.csv');

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });
