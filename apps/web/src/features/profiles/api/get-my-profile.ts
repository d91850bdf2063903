import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type MyProfileResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** One's own profile is fresh for 15 seconds. */
const MY_PROFILE_STALE_MS = 15_000;

export const getMyProfile = (signal?: AbortSignal) =>
  api<MyProfileResponse>('GET', `${apiRoutes.myProfile}?page=1&limit=25`, { signal });

export const getMyProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.mine(),
    queryFn: ({ signal }) => getMyProfile(signal),
    staleTime: MY_PROFILE_STALE_MS,
  });

export const useMyProfile = () => useQuery(getMyProfileQueryOptions());
