import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type InviteValidation } from '@community/shared';
import { api } from '../../../lib/api-client';
import { inviteKeys } from './keys';

/** What the invite link's token is worth: valid or not, expired, used, and for which email. */
export const getInviteValidation = (token: string, signal?: AbortSignal) =>
  api<InviteValidation>('GET', `${apiRoutes.validateInvite}/${encodeURIComponent(token)}`, { signal });

/** Asked once per page: a refusal is final, and an empty token is not asked about at all. */
export const getInviteValidationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: inviteKeys.validation(token),
    queryFn: ({ signal }) => getInviteValidation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

export const useInviteValidation = (token: string) => useQuery(getInviteValidationQueryOptions(token));
