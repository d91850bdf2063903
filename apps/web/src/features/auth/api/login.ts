import { apiRoutes, type LoginBody, type SignInResult } from '@community/shared';
import { api } from '../../../lib/api-client';

/** Signed in, or, for an account with a second factor, the challenge of the step to come. */
export const login = (body: LoginBody) => api<SignInResult>('POST', apiRoutes.login, { body });
