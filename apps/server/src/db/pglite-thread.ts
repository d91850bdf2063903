import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { OPENED, errorFrom, type Reply, type Request } from './pglite-protocol.js';

/** The compiled worker module: the test suite's global setup and `npm start` build it. */
const WORKER_FILE = path.resolve(import.meta.dirname, '../../dist/db/pglite-worker.js');

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** As much of PGlite as drizzle and the server use, served by PGlite on a thread of its own. */
export type PgliteThread = {
  query: Query;
  transaction<T>(work: (tx: { query: Query }) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
  close(): Promise<void>;
};

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
/** Each kind of request without its `id`, which `ask` gives it. */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Ask = WithoutId<Request>;

/**
 * The thread's young generation, at most. Its statements allocate little on the JavaScript heap
 * (rows live in WebAssembly until they are sent), yet V8's default lets it grow to 32 MB under
 * load and keep it: 8 MB holds the same work and gave back 40 MB after a load run.
 */
const YOUNG_GENERATION_MB = 8;

/**
 * Opens PGlite on a worker thread. Every statement of the embedded engine runs inside WebAssembly
 * and holds its thread for as long as it runs; on a thread of its own it no longer holds the one
 * that answers requests, health checks and timers. `template` is a dump of a data directory
 * (`dumpDataDir`, uncompressed) that an in-memory database starts from instead of a new cluster.
 */
export function openPgliteThread(dataDir?: string, template?: string): Promise<PgliteThread> {
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir, template },
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = OPENED;
  let closed = false;
  let stopped: Error | undefined;

  // The thread keeps the process alive only while a statement is waiting for it.
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };

  worker.on('message', (reply: Reply) => {
    if ('notify' in reply) {
      for (const listener of listeners.get(reply.notify) ?? []) listener(reply.payload);
      return;
    }
    const waiting = settle(reply.id);
    if (reply.error) waiting?.reject(errorFrom(reply.error));
    else waiting?.resolve(reply.value);
  });
  const stop = (error: Error) => {
    closed = true;
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(stopped);
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));

  const waitFor = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });

  function ask(request: Ask, id = ++nextId): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    const answer = waitFor(id);
    worker.postMessage({ ...request, id });
    return answer;
  }

  const queryIn =
    (tx?: number): Query =>
    async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      const parsers = options?.parsers ?? {};
      const result = (await ask({
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        textTypes: Object.keys(parsers).map(Number),
        tx,
      })) as Results<T>;
      return withParsers(result, parsers, options?.rowMode);
    };

  const thread: PgliteThread = {
    query: queryIn(),
    async transaction(work) {
      const tx = ++nextId;
      await ask({ op: 'begin' }, tx);
      let result;
      try {
        result = await work({ query: queryIn(tx) });
      } catch (error) {
        await ask({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      let channelListeners = listeners.get(channel);
      if (!channelListeners) {
        channelListeners = new Set();
        listeners.set(channel, channelListeners);
        await ask({ op: 'listen', channel });
      }
      channelListeners.add(onPayload);
      return async () => {
        channelListeners.delete(onPayload);
        if (channelListeners.size > 0 || closed) return;
        listeners.delete(channel);
        await ask({ op: 'unlisten', channel });
      };
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      try {
        await ask({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };

  return waitFor(OPENED).then(
    () => thread,
    async (error: Error) => {
      await worker.terminate();
      throw error;
    },
  );
}

/** Applies the caller's parsers to the columns of their types, which the thread sent as text. */
function withParsers<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>, rowMode?: string) {
  const columns = result.fields.flatMap(({ name, dataTypeID }, index) => {
    const parser = parsers[dataTypeID];
    return parser ? [{ key: rowMode === 'array' ? index : name, parser }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parser } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parser(value);
    }
  }
  return result;
}
