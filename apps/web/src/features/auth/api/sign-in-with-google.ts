import { apiRoutes, type GoogleSignInBody, type LoginResponse } from '@community/shared';
import { api } from '../../../lib/api-client';

/** Google's credential (and the invite, when there is one) for a session of this site. */
export const signInWithGoogle = (body: GoogleSignInBody) => api<LoginResponse>('POST', apiRoutes.google, { body });
