import { apiRoutes, type Role } from '@community/shared';
import { useSearchOptions } from '../../../lib/search-options';
import { roleKeys } from './keys';

/** Pickers that give offer only what the server lets the reader give. */
const GRANTABLE = { grantable: 'true' };

const toOption = (role: Role) => ({ value: role._id, label: role.name });

/** The roles whose name holds `term` and the reader may give, as a picker's options. */
export const useRoleOptions = (term: string | null) =>
  useSearchOptions(roleKeys.all, apiRoutes.roles, term, toOption, GRANTABLE);
