import os from 'node:os';
import path from 'node:path';
import type { Options } from '@node-rs/argon2';
import { Piscina } from 'piscina';
import type { PasswordJob } from './password-worker.js';
import { WORKER_NICE } from './thread-priority.js';

const IDLE_WORKER_MS = 10_000;
/** Jobs a worker holds: the one it runs and the next, so it never waits for the event loop between them. */
const JOBS_PER_WORKER = 2;
/**
 * Jobs waiting for a worker, at most: about two seconds of argon2id on two cores. Past that a
 * flood (say, from many addresses of one network) is refused rather than queued ahead of everyone.
 */
export const MAX_QUEUED_JOBS = 256;

/** The compiled worker module: the test suite's global setup and `npm start` build it. */
const WORKER_FILE = path.resolve(import.meta.dirname, '../../dist/lib/password-worker.js');

export class PasswordQueueFull extends Error {
  constructor() {
    super('too many password checks waiting');
  }
}

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
export type PasswordWorkers = { run(job: Job): Promise<string | boolean>; close(): Promise<void> };

/**
 * Each worker runs below the event loop's priority (thread-priority.ts), so a sign-in flood cannot
 * slow every other answer. One worker per core: argon2id keeps a core busy, so more workers would
 * only take turns on the same cores, each one more thread the event loop has to win its core back
 * from. Workers stop once idle and never hold the process open.
 */
export function createPasswordWorkers(
  options: Options,
  size = os.availableParallelism(),
  idleMs = IDLE_WORKER_MS,
  maxQueued = MAX_QUEUED_JOBS,
): PasswordWorkers {
  const pool = new Piscina<PasswordJob, string | boolean>({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: idleMs,
    concurrentTasksPerWorker: JOBS_PER_WORKER,
    maxQueue: maxQueued,
    niceIncrement: WORKER_NICE,
  });
  return {
    run: (job) => {
      // Piscina refuses with its own error past maxQueue; a full queue is said as one thing here.
      if (pool.queueSize >= maxQueued) return Promise.reject(new PasswordQueueFull());
      return pool.run(job.op === 'hash' ? { ...job, options } : job);
    },
    close: () => pool.close(),
  };
}
