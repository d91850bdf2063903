import { hashSync, verifySync, type Options } from '@node-rs/argon2';

export type PasswordJob =
  { op: 'hash'; password: string; options: Options } | { op: 'verify'; hash: string; password: string };

/** Runs on a password worker thread: one argon2id hash or verification, synchronously. */
export default function runPasswordJob(job: PasswordJob): string | boolean {
  return job.op === 'hash' ? hashSync(job.password, job.options) : verifySync(job.hash, job.password);
}
