import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { download } from '../../../lib/api-client';

/** Everything stored about a member, saved as a JSON file, as "Download my data" gives it to them. */
export const exportMemberData = (userId: string) => download(`${apiRoutes.users}/${userId}/data`, 'member-data.json');

export const useExportMemberData = () => useMutation({ mutationFn: exportMemberData });
