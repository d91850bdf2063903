import { describe, expect, it } from 'vitest';
import { localizeMenuName, localizeRoleDescription } from '@community/shared';
import { SEED_CLIENT_PERMISSIONS, SEED_ROLES } from './seed-data.js';

describe('what a new installation holds', () => {
  it('reads in Greek on Greek screens: every menu entry and role description the seed installs', () => {
    for (const entry of SEED_CLIENT_PERMISSIONS) expect(localizeMenuName(entry.name, 'el')).not.toBe(entry.name);
    for (const role of SEED_ROLES) {
      expect(localizeRoleDescription(role.description, 'el')).not.toBe(role.description);
      expect(localizeRoleDescription(role.description, 'en')).toBe(role.description);
    }
    expect(localizeRoleDescription('Written by an administrator.', 'el')).toBe('Written by an administrator.');
  });
});
