/**
 * Every PostgreSQL advisory lock the product takes, in one place so no two uses share a key.
 * (On the embedded database one process owns the data, and these locks are not needed.)
 */
export const ADVISORY_LOCKS = {
  /** Migrations and seeding at start-up: instances starting together do them once. */
  startup: 724_003_001,
  /** Every change that can take away an administrator, so the last one always remains. */
  adminGuard: 724_003_002,
  /** The feed refresh: one instance reads the channel per interval. */
  feedJob: 724_003_003,
  /** The retention job: one instance deletes old audit entries and ended sessions at a time. */
  retention: 724_003_004,
  /** Sending queued mail: one instance goes through the queue at a time. */
  mailQueue: 724_003_005,
} as const;
