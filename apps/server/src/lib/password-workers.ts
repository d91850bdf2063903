import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
type Pending = { job: Job; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

/**
 * Each worker lowers its own scheduling priority (Linux: nice 10 for its thread), so argon2id
 * takes only the CPU the event loop leaves: a sign-in flood cannot slow every other answer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', (job) => {
  try {
    const value = job.op === 'hash'
      ? argon2.hashSync(job.password, workerData.options)
      : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ value });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});`;

const WORKER_NICE = 10;
const IDLE_WORKER_MS = 10_000;
/** Jobs a worker holds: the one it runs and the next, so it never waits for the event loop between them. */
const JOBS_PER_WORKER = 2;

/**
 * Jobs waiting for a worker, at most: about two seconds of argon2id on two cores. Past that a
 * flood (say, from many addresses of one network) is refused rather than queued ahead of everyone.
 */
export const MAX_QUEUED_JOBS = 256;

export class PasswordQueueFull extends Error {
  constructor() {
    super('too many password checks waiting');
  }
}

export type PasswordWorkers = { run(job: Job): Promise<string | boolean> };

type Slot = { worker: Worker; jobs: Pending[]; retirement?: NodeJS.Timeout };

/**
 * One worker per core: argon2id keeps a core busy, so more workers would only take turns on the
 * same cores, each one more thread the event loop has to win its core back from. Jobs wait in
 * order for a worker with room; workers never hold the process open.
 */
export function createPasswordWorkers(
  options: object,
  size = os.availableParallelism(),
  idleMs = IDLE_WORKER_MS,
  maxQueued = MAX_QUEUED_JOBS,
): PasswordWorkers {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const slots: Slot[] = [];
  const queue: Pending[] = [];

  /** An idle worker first, then a new one, then the least loaded one with room. */
  function pickSlot(): Slot | undefined {
    const idle = slots.find((slot) => slot.jobs.length === 0);
    if (idle) return idle;
    if (slots.length < size) return spawn();
    const least = slots.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
    return least.jobs.length < JOBS_PER_WORKER ? least : undefined;
  }

  const dispatch = () => {
    while (queue.length > 0) {
      const slot = pickSlot();
      if (!slot) return;
      clearTimeout(slot.retirement);
      const pending = queue.shift()!;
      slot.jobs.push(pending);
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
  };

  /** A worker left idle for a while is stopped, so a quiet server holds no argon2id memory. */
  function retireWhenUnused(slot: Slot) {
    slot.retirement = setTimeout(() => {
      if (slot.jobs.length === 0) void slot.worker.terminate();
    }, idleMs);
    slot.retirement.unref();
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2, options, nice: WORKER_NICE } });
    const slot: Slot = { worker, jobs: [] };
    slots.push(slot);
    worker.on('message', (message: { value?: string | boolean; error?: string }) => {
      const pending = slot.jobs.shift();
      if (slot.jobs.length === 0) {
        worker.unref();
        retireWhenUnused(slot);
      }
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.value!);
      dispatch();
    });
    // A worker that dies takes its jobs with it; the next job starts a fresh one.
    const fail = (error: Error) => {
      for (const pending of slot.jobs.splice(0)) pending.reject(error);
    };
    worker.on('error', fail);
    worker.on('exit', () => {
      clearTimeout(slot.retirement);
      slots.splice(slots.indexOf(slot), 1);
      fail(new Error('the password worker stopped'));
      dispatch();
    });
    return slot;
  }

  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        if (queue.length >= maxQueued) {
          reject(new PasswordQueueFull());
          return;
        }
        queue.push({ job, resolve, reject });
        dispatch();
      }),
  };
}
