const all = ['mfa'] as const;

/** Every second-factor query sits under `all`, so any change to one's factors refreshes them. */
export const mfaKeys = {
  all,
  status: () => [...all, 'status'] as const,
};
