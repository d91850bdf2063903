import type { ListParams } from '../../../lib/list-query';

const all = ['profiles'] as const;

export const profileKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  /** The signed-in person's own profile. */
  mine: () => [...all, 'mine'] as const,
};
