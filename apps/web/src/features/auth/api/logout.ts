import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';

/** Ends the session on the server, so the token stops working everywhere. */
export const logout = () => api<{ message: string }>('POST', apiRoutes.logout, { body: {} });
