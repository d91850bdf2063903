import type { ListRights } from '../components/resource-list/resource-screen';
import { useAuth } from '../features/auth/auth-store';
import { useMfaStatus } from '../features/mfa/api/get-mfa-status';
import { useMayCall, type MayCall } from '../features/permissions/api/get-my-permissions';

/** Whether the signed-in person holds an administrator role. */
export function useIsAdmin(): boolean {
  return useAuth().userRole.some((role) => role.type === 'admin');
}

/**
 * Whether the policy holds this administrator back until a second factor is enrolled (the server
 * refuses them everything else meanwhile); undefined until known, false for everyone else.
 */
export function useMustEnrol(): boolean | undefined {
  const isAdmin = useIsAdmin();
  const status = useMfaStatus({ enabled: isAdmin });
  if (!isAdmin || status.isError) return false;
  return status.data?.enrolmentRequired;
}

/** What the signed-in person may call, so a screen offers only what the server will do. */
export function useMay(): MayCall {
  const { userInfo } = useAuth();
  return useMayCall(userInfo?.user._id ?? null, useMustEnrol());
}

/** The calls behind a list screen's buttons at `path`, as every list's API names them. */
export function useListRights(path: string): ListRights {
  const may = useMay();
  return {
    create: may('POST', path),
    edit: may('PUT', `${path}/:id`),
    delete: may('DELETE', `${path}/:id`),
    bulk: may('POST', `${path}/bulk`),
    export: may('GET', `${path}/export.csv`),
  };
}
