import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type HttpMethod, type MyPermissions } from '@community/shared';
import { api } from '../../../lib/api-client';
import { MY_PERMISSIONS } from '../../../lib/query-client';

/** Grants change seldom; a minute late is harmless, since the server checks every call anyway. */
const MINE_STALE_MS = 60_000;

export const getMyPermissions = (signal?: AbortSignal) =>
  api<MyPermissions>('GET', apiRoutes.myPermissions, { signal });

const asSet = (answer: MyPermissions) => new Set(answer.permissions);

/**
 * `userId` keeps one answer per person: the next one to sign in never gets the last one's
 * buttons; `mustEnrol`, one before and one after an administrator the policy holds back enrols a
 * second factor, so their buttons come back at once.
 */
export const getMyPermissionsQueryOptions = (userId: string, mustEnrol: boolean) =>
  queryOptions({
    queryKey: [...MY_PERMISSIONS, userId, mustEnrol] as const,
    queryFn: ({ signal }) => getMyPermissions(signal),
    staleTime: MINE_STALE_MS,
    // One retry: the buttons wait for the answer, and the server judges each call anyway.
    retry: 1,
    select: asSet,
  });

/** Whether a call may be made; `isKnown` once the answer (or its failure) is in. */
export type MayCall = ((method: HttpMethod, route: string) => boolean) & { isKnown: boolean };

/**
 * Whether the signed-in person (`userId`; null when nobody is) may call a route (its pattern,
 * "/api/auth/users/:id"): while that is not known yet, no; when it cannot be known, yes, and the
 * server answers the call. `mustEnrol` is undefined until known, and nothing is asked till then.
 */
export function useMayCall(userId: string | null, mustEnrol: boolean | undefined): MayCall {
  const mine = useQuery({
    ...getMyPermissionsQueryOptions(userId ?? 'nobody', mustEnrol === true),
    enabled: userId !== null && mustEnrol !== undefined,
  });
  // An answer once had stands through a failed refresh.
  const may = (method: HttpMethod, route: string) => (mine.data ? mine.data.has(`${method} ${route}`) : mine.isError);
  return Object.assign(may, { isKnown: mine.data !== undefined || mine.isError });
}
