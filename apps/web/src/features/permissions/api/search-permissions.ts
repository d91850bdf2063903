import { apiRoutes, type Permission } from '@community/shared';
import { GRANTABLE_ONLY, useSearchOptions } from '../../../lib/search-options';
import { permissionKeys } from './keys';

/** A permission reads as the call it allows. */
export const permissionLabel = (permission: { method: string; route: string }) =>
  `${permission.method} ${permission.route}`;

const toOption = (permission: Permission) => ({ value: permission._id, label: permissionLabel(permission) });

/** The permissions whose name or route holds `term` and the reader may put on a role, as a picker's options. */
export const usePermissionOptions = (term: string | null) =>
  useSearchOptions(permissionKeys.all, apiRoutes.permissions, term, toOption, GRANTABLE_ONLY);
