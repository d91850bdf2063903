// What bench/seed writes and the other benchmarks read.

export const ADMIN = { email: 'admin@bench.test', password: 'bench-password' };
/** PostgreSQL needs a signing key; the seed and the runs share this one unless JWT_SECRET is set. */
export const SIGNING_KEY = process.env.JWT_SECRET ?? 'a-bench-signing-key-of-at-least-32-characters';

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
