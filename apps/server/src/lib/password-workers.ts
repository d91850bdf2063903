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

export type PasswordWorkers = { run(job: Job): Promise<string | boolean> };

/**
 * Two workers per core: low-priority threads get a share of a busy machine in proportion to
 * their number. Jobs wait in order for the next free worker; workers never hold the process open.
 */
export function createPasswordWorkers(
  options: object,
  size = 2 * os.availableParallelism(),
  idleMs = IDLE_WORKER_MS,
): PasswordWorkers {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  const queue: Pending[] = [];
  const inFlight = new Map<Worker, Pending>();
  const retirements = new Map<Worker, NodeJS.Timeout>();
  let started = 0;

  const dispatch = () => {
    while (queue.length > 0) {
      let worker = idle.pop();
      if (!worker && started < size) worker = spawn();
      if (!worker) return;
      clearTimeout(retirements.get(worker));
      retirements.delete(worker);
      const pending = queue.shift()!;
      inFlight.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.job);
    }
  };

  /** A worker left idle for a while is stopped, so a quiet server holds no argon2id memory. */
  function retireWhenUnused(worker: Worker) {
    const timer = setTimeout(() => {
      retirements.delete(worker);
      const at = idle.indexOf(worker);
      if (at < 0) return;
      idle.splice(at, 1);
      void worker.terminate();
    }, idleMs);
    timer.unref();
    retirements.set(worker, timer);
  }

  function spawn(): Worker {
    started += 1;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2, options, nice: WORKER_NICE } });
    worker.on('message', (message: { value?: string | boolean; error?: string }) => {
      const pending = inFlight.get(worker);
      inFlight.delete(worker);
      worker.unref();
      idle.push(worker);
      retireWhenUnused(worker);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.value!);
      dispatch();
    });
    // A worker that dies takes its job with it; the next job starts a fresh one.
    worker.on('error', (error) => {
      inFlight.get(worker)?.reject(error);
      inFlight.delete(worker);
    });
    worker.on('exit', () => {
      started -= 1;
      clearTimeout(retirements.get(worker));
      retirements.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      inFlight.get(worker)?.reject(new Error('the password worker stopped'));
      inFlight.delete(worker);
      dispatch();
    });
    return worker;
  }

  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      }),
  };
}
