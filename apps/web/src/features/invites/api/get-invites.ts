import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type Invite, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig, type ListParams } from '../../../lib/list-query';
import { inviteKeys } from './keys';

export const getInvites = (params: ListParams, signal?: AbortSignal) =>
  api<ListResponse<Invite>>('GET', `${apiRoutes.invites}?${listSearch(params)}`, { signal });

export const getInvitesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: inviteKeys.list(params),
    queryFn: ({ signal }) => getInvites(params, signal),
    ...pagedListConfig,
  });

export const useInvites = (params: ListParams) => useQuery(getInvitesQueryOptions(params));
