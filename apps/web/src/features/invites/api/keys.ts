const all = ['invites'] as const;

/** Every invite query sits under `all`, so a change to one invite refreshes them all. */
export const inviteKeys = {
  all,
  list: (params: { page: number }) => [...all, 'list', params] as const,
  validation: (token: string) => [...all, 'validation', token] as const,
};
