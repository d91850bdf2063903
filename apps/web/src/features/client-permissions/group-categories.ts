import { isSitePath, type ClientPermission } from '@community/shared';

export type MenuGroup = { name: string; entries: ClientPermission[] };

const GENERAL = 'General';
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `normal` entries that need a sign-in form General; every other menu (but `hidden`) becomes a
 * group with a capitalised name; the account group comes last.
 */
export function groupCategories(categories: ClientPermission[]): MenuGroup[] {
  const groups = new Map<string, ClientPermission[]>();
  for (const entry of categories) {
    if (entry.menu === 'hidden' || (entry.menu === 'normal' && !entry.auth)) continue;
    // The server refuses such paths; one stored before it did must still never lead off the site.
    if (!isSitePath(entry.path)) continue;
    const name = entry.menu === 'normal' ? GENERAL : capitalise(entry.menu);
    groups.set(name, [...(groups.get(name) ?? []), entry]);
  }
  return [...groups.entries()]
    .map(([name, entries]) => ({ name, entries }))
    .sort((a, b) => Number(a.name === 'Account') - Number(b.name === 'Account'));
}
