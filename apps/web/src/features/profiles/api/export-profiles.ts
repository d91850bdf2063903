import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { download } from '../../../lib/api-client';
import { exportSearch, type ListParams } from '../../../lib/list-query';

/** Every profile the list's search, sort and filters match, saved as a CSV file. */
export const exportProfiles = (params: ListParams) =>
  download(`${apiRoutes.userProfiles}/export.csv?${exportSearch(params)}`, 'user-profiles.csv');

export const useExportProfiles = () => useMutation({ mutationFn: exportProfiles });
