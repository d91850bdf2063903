import { apiRoutes, type GoogleSignInBody, type SignInResult } from '@community/shared';
import { api } from '../../../lib/api-client';

/**
 * Google's credential (and the invite, when there is one) for a session of this site, or, for an
 * account with a second factor, the challenge of the step to come.
 */
export const signInWithGoogle = (body: GoogleSignInBody) => api<SignInResult>('POST', apiRoutes.google, { body });
