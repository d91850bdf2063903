import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type ListResponse, type Profile } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { profileKeys } from './keys';

export const getProfiles = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Profile>>('GET', `${apiRoutes.userProfiles}?${listSearch(params)}`, { signal });

export const getProfilesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: profileKeys.list(params),
    queryFn: ({ signal }) => getProfiles(params, signal),
    ...pagedListConfig,
  });

export const useProfiles = (params: ListParams) => useQuery(getProfilesQueryOptions(params));
