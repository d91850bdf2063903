import type { ContactStatus } from '@community/shared';

const all = ['contact-messages'] as const;

export type ContactMessagesFilters = { page?: number; q?: string; status?: ContactStatus };

export const contactMessageKeys = {
  all,
  list: (filters: ContactMessagesFilters) => [...all, 'list', filters] as const,
};
