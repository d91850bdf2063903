import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@community/shared';
import { localizedResolver } from '../../lib/localized-resolver';

/** The sign-in form's validation: the shared schema, with zod, in a chunk of its own. */
export const loginResolver = localizedResolver(zodResolver(loginBodySchema));
