import { apiRoutes, type User } from '@community/shared';
import { useSearchOptions } from '../../../lib/search-options';
import { userKeys } from './keys';

const toOption = (user: User) => ({ value: user._id, label: user.name, detail: user.email });

/** The people whose name or email holds `term`, as a picker's options. */
export const useUserOptions = (term: string | null) => useSearchOptions(userKeys.all, apiRoutes.users, term, toOption);

const MAY_SIGN_IN = { confirmed: 'true', blocked: 'false' };

/** The same among those who may sign in: the only ones a role is given to. */
export const useActiveUserOptions = (term: string | null) =>
  useSearchOptions(userKeys.all, apiRoutes.users, term, toOption, MAY_SIGN_IN);
