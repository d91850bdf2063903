// What bench/seed writes and the other benchmarks read.

export const ADMIN = { email: 'admin@bench.test', password: 'bench-password' };

/** One user in a thousand carries a rare surname, for searches that must stay index-fast. */
export const RARE_GREEK = 'Καραγιαννόπουλος';
export const RARE_LATIN = 'Zacharopoulou';

/** Member i is confirmed unless i % 50 = 0 and blocked when i % 97 = 0; all share ADMIN's password. */
export const memberEmail = (i) => `member${i}@bench.test`;
export const canSignIn = (i) => i % 50 !== 0 && i % 97 !== 0;

/** Audit entries: one in ten by the administrator, the rest by the first AUDIT_ACTORS members in turn. */
export const AUDIT_ACTORS = 5000;
export const AUDIT_ACTIONS = [
  'auth.login.success',
  'auth.login.failure',
  'user.update',
  'role.update',
  'profile.update',
  'invite.create',
  'invite.approve',
  'session.revoke',
  'translation.save',
  'permission.sync',
];
