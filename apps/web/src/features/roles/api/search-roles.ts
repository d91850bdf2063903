import { apiRoutes, type Role } from '@community/shared';
import { GRANTABLE_ONLY, useSearchOptions } from '../../../lib/search-options';
import { roleKeys } from './keys';

const toOption = (role: Role) => ({ value: role._id, label: role.name });

/** The roles whose name holds `term` and the reader may give, as a picker's options. */
export const useRoleOptions = (term: string | null) =>
  useSearchOptions(roleKeys.all, apiRoutes.roles, term, toOption, GRANTABLE_ONLY);
