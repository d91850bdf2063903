import {
  apiRoutes,
  type ForgotPasswordBody,
  type GoogleSignInBody,
  type LoginBody,
  type LoginResponse,
  type ResetPasswordBody,
} from '@community/shared';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api<LoginResponse>('POST', apiRoutes.login, { body });
/** Ends the session on the server, so the token stops working everywhere. */
export const logout = () => api<{ message: string }>('POST', apiRoutes.logout, { body: {} });
export const forgotPassword = (body: ForgotPasswordBody) =>
  api<{ message: string }>('POST', apiRoutes.forgotPassword, { body });
export const resetPassword = (body: ResetPasswordBody) =>
  api<{ message: string }>('POST', apiRoutes.resetPassword, { body });
export const googleSignIn = (body: GoogleSignInBody) => api<LoginResponse>('POST', apiRoutes.google, { body });
