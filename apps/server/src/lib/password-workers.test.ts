import { describe, expect, it } from 'vitest';
import { threadNiceness, threads } from '../test/thread-niceness.js';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.js';
import { createPasswordWorkers, MAX_QUEUED_JOBS, PasswordQueueFull } from './password-workers.js';
import { WORKER_NICE } from './thread-priority.js';

const IDLE_WORKER_MS = 10_000;

const workerThreadIds = () =>
  threads()
    .filter((thread) => thread.nice === WORKER_NICE)
    .map((thread) => thread.tid);

describe('password workers', () => {
  it('hash and verify, a wrong password and a malformed hash included', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse')).toBe(false);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
  });

  it('answers every job when more arrive than there are workers', async () => {
    const workers = createPasswordWorkers(ARGON2_OPTIONS, 2);
    const hash = String(await workers.run({ op: 'hash', password: 'pw' }));
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => workers.run({ op: 'verify', hash, password: i % 2 ? 'pw' : 'no' })),
    );
    expect(answers).toEqual([false, true, false, true, false, true, false]);
  });

  it('L3: refuse a job once the queue is full, and still answer every job they hold', async () => {
    const workers = createPasswordWorkers(ARGON2_OPTIONS, 1, IDLE_WORKER_MS, 3);
    // One worker holds two jobs; three more wait; the sixth is refused.
    const held = Array.from({ length: 5 }, (_, i) => workers.run({ op: 'hash', password: `p${i}` }));
    await expect(workers.run({ op: 'hash', password: 'one too many' })).rejects.toBeInstanceOf(PasswordQueueFull);
    expect((await Promise.all(held)).every((hash) => String(hash).startsWith('$argon2id$'))).toBe(true);
    expect(MAX_QUEUED_JOBS).toBeLessThanOrEqual(256);
  });

  it.runIf(process.platform === 'linux')('run below the priority of the event loop', async () => {
    const workers = createPasswordWorkers(ARGON2_OPTIONS, 2);
    await Promise.all([workers.run({ op: 'hash', password: 'a' }), workers.run({ op: 'hash', password: 'b' })]);
    expect(threadNiceness().filter((nice) => nice === WORKER_NICE).length).toBeGreaterThanOrEqual(2);
    expect(threadNiceness()[0]).toBe(0);
  });

  it.runIf(process.platform === 'linux')('keep a busy worker and stop it once it has been idle', async () => {
    const idleMs = 300;
    const others = new Set(workerThreadIds());
    const ownWorkerThreadIds = () => workerThreadIds().filter((tid) => !others.has(tid));
    const workers = createPasswordWorkers(ARGON2_OPTIONS, 1, idleMs);
    const seen = new Set<string>();
    const until = Date.now() + 4 * idleMs;
    while (Date.now() < until) {
      await workers.run({ op: 'hash', password: 'busy' });
      for (const tid of ownWorkerThreadIds()) seen.add(tid);
      // Short pauses between jobs, as between sign-ins: each one leaves the worker idle briefly.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen.size).toBe(1);
    await expect.poll(() => ownWorkerThreadIds().length, { timeout: 5 * idleMs }).toBe(0);
  });
});
