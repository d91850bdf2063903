import type { ListRights } from '../components/resource-list/resource-screen';
import { useAuth } from '../features/auth/auth-store';
import { useMayCall, type HttpMethod } from '../features/permissions/api/get-my-permissions';

/** What the signed-in person may call, so a screen offers only what the server will do. */
export function useMay(): (method: HttpMethod, route: string) => boolean {
  const { userInfo } = useAuth();
  return useMayCall(userInfo?.user._id ?? null);
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
