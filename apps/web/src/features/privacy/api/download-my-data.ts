import { useMutation } from '@tanstack/react-query';
import { apiRoutes } from '@community/shared';
import { download } from '../../../lib/api-client';

/** Everything stored about me, saved as a JSON file. */
export const downloadMyData = () => download(apiRoutes.myData, 'my-data.json');

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
