import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@community/shared';

/** The sign-in form's validation: the shared schema, with zod, in a chunk of its own. */
export const loginResolver = zodResolver(loginBodySchema);
