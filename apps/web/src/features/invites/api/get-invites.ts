import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type Invite, type ListResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { listSearch, pagedListConfig } from '../../../lib/list-query';
import { inviteKeys } from './keys';

export const getInvites = ({ page }: { page: number }, signal?: AbortSignal) =>
  api<ListResponse<Invite>>('GET', `${apiRoutes.invites}?${listSearch({ page })}`, { signal });

export const getInvitesQueryOptions = (params: { page: number }) =>
  queryOptions({
    queryKey: inviteKeys.list(params),
    queryFn: ({ signal }) => getInvites(params, signal),
    ...pagedListConfig,
  });

export const useInvites = (params: { page: number }) => useQuery(getInvitesQueryOptions(params));
