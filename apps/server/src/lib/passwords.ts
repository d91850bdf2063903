import { createPasswordWorkers } from './password-workers.js';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Runs on worker threads, off the event loop. */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const workers = createPasswordWorkers(ARGON2_OPTIONS);

export const hashPassword = async (password: string): Promise<string> =>
  String(await workers.run({ op: 'hash', password }));

const verify = async (hash: string, password: string): Promise<boolean> =>
  (await workers.run({ op: 'verify', hash, password })) === true;

let dummyHash: Promise<string> | undefined;

/** Unknown accounts still cost one verification, so timing does not reveal which emails exist. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
