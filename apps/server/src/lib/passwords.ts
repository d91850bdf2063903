import { messages } from '@community/shared';
import { AppError } from './app-error.js';
import { createPasswordWorkers, PasswordQueueFull } from './password-workers.js';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Runs on worker threads, off the event loop. */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const workers = createPasswordWorkers(ARGON2_OPTIONS);

/** A full queue is the server's trouble, not the person's: 503, try again shortly. */
const run: typeof workers.run = (job) =>
  workers.run(job).catch((error: unknown) => {
    if (error instanceof PasswordQueueFull) {
      throw new AppError('unavailable', messages.serviceUnavailable, { 'retry-after': '5' });
    }
    throw error;
  });

export const hashPassword = async (password: string): Promise<string> => String(await run({ op: 'hash', password }));

/** A malformed stored hash verifies as false; a full queue still refuses. */
const verify = (hash: string, password: string): Promise<boolean> =>
  run({ op: 'verify', hash, password }).then(
    (value) => value === true,
    (error: unknown) => {
      if (error instanceof AppError) throw error;
      return false;
    },
  );

let dummyHash: Promise<string> | undefined;

/** Unknown accounts still cost one verification, so timing does not reveal which emails exist. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
