import { apiRoutes, type LoginBody, type LoginResponse } from '@community/shared';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api<LoginResponse>('POST', apiRoutes.login, { body });
