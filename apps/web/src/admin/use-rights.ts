import type { ListRights } from '../components/resource-list/resource-screen';
import { useAuth } from '../features/auth/auth-store';
import { useMfaStatus } from '../features/mfa/api/get-mfa-status';
import { useMayCall, type HttpMethod } from '../features/permissions/api/get-my-permissions';

/** What the signed-in person may call, so a screen offers only what the server will do. */
export function useMay(): (method: HttpMethod, route: string) => boolean {
  const { userInfo, userRole } = useAuth();
  const isAdmin = userRole.some((role) => role.type === 'admin');
  // The policy may hold an administrator back until a second factor is enrolled: asked once that is known.
  const status = useMfaStatus({ enabled: isAdmin });
  const mustEnrol = isAdmin ? status.data?.enrolmentRequired : false;
  return useMayCall(userInfo?.user._id ?? null, status.isError ? false : mustEnrol);
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
