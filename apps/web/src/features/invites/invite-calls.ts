import {
  apiRoutes,
  type CreateInviteBody,
  type Invite,
  type InviteValidation,
  type ListResponse,
  type RegisterInviteBody,
} from '@community/shared';
import { api } from '../../lib/api-client';

export const INVITE_PAGE_SIZE = 25;

export const invitesKey = ['invites'] as const;

export const listInvites = (page: number, signal?: AbortSignal) =>
  api<ListResponse<Invite>>('GET', `${apiRoutes.invites}?page=${page}&limit=${INVITE_PAGE_SIZE}`, { signal });
export const createInvite = (body: CreateInviteBody) => api<Invite>('POST', apiRoutes.invites, { body });
export const deleteInvite = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.invites}/${id}`);
export const approveInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/approve`, { body: {} });
export const rejectInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/reject`, { body: {} });

export const validateInvite = (token: string, signal?: AbortSignal) =>
  api<InviteValidation>('GET', `${apiRoutes.validateInvite}/${encodeURIComponent(token)}`, { signal });
export const registerInvite = (body: RegisterInviteBody) =>
  api<{ message: string }>('POST', apiRoutes.registerInvite, { body });
