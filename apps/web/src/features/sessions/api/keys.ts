const all = ['sessions'] as const;

/** Every sessions query sits under `all`, so ending one refreshes every list of them. */
export const sessionKeys = {
  all,
  mine: () => [...all, 'mine'] as const,
  of: (userId: string) => [...all, 'user', userId] as const,
};
