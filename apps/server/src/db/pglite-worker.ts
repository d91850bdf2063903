import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { collectWhenIdle } from '../lib/idle-collection.js';
import { lowerThisThread } from '../lib/thread-priority.js';
import { openPglite } from './pglite-engine.js';
import { withPreparedStatements } from './pglite-statements.js';
import { OPENED, errorData, type QueryRequest, type Reply, type Request } from './pglite-protocol.js';

/**
 * Runs on the PGlite thread: the embedded engine, whose every statement runs inside WebAssembly
 * and would otherwise hold the thread that answers requests. Statements arrive as messages and
 * queue on PGlite's own lock, as they did on the server's thread.
 */

const port = parentPort!;
const send = (reply: Reply) => port.postMessage(reply);
const fail = (id: number, error: unknown) => send({ id, error: errorData(error) });

const { dataDir, template } = workerData as { dataDir?: string; template?: string };
// Below the event loop's priority, as the password workers are: on a busy machine a statement
// would otherwise hold the core that answers health checks and sends the rows already read.
await lowerThisThread();
let pglite: PGlite;
try {
  pglite = await openPglite(dataDir, template === undefined ? undefined : new Blob([fs.readFileSync(template)]));
} catch (error) {
  fail(OPENED, error);
  process.exit(1);
}
const reads = withPreparedStatements(pglite);
// This thread's own heap grows under load as the server's does.
collectWhenIdle();

type OpenTransaction = { tx: Transaction; decide(commit: boolean): void; finished: Promise<void> };
const transactions = new Map<number, OpenTransaction>();
/** Thrown inside PGlite's transaction to have it roll back, and not reported as a failure. */
const ROLLED_BACK = new Error('rolled back');

function begin(id: number) {
  let opened = false;
  const finished: Promise<void> = pglite.transaction(async (tx) => {
    const commit = await new Promise<boolean>((decide) => {
      opened = true;
      transactions.set(id, { tx, decide, finished });
      send({ id });
    });
    if (!commit) throw ROLLED_BACK;
  });
  finished.catch((error: unknown) => {
    if (!opened) fail(id, error);
  });
}

function end(id: number, txId: number, commit: boolean) {
  const open = transactions.get(txId);
  if (!open) return fail(id, new Error('no such transaction'));
  transactions.delete(txId);
  open.decide(commit);
  open.finished.then(
    () => send({ id }),
    (error: unknown) => (error === ROLLED_BACK ? send({ id }) : fail(id, error)),
  );
}

function query({ id, text, params, rowMode, textTypes, tx }: QueryRequest) {
  const client = tx === undefined ? reads : transactions.get(tx)?.tx;
  if (!client) return fail(id, new Error('no such transaction'));
  const asText = (value: string) => value;
  const parsers = Object.fromEntries(textTypes.map((type) => [type, asText]));
  client.query(text, params, { rowMode, parsers }).then(
    ({ rows, fields, affectedRows }) => send({ id, value: { rows, fields, affectedRows } }),
    (error: unknown) => fail(id, error),
  );
}

const listening = new Map<string, () => Promise<void>>();

async function listen(id: number, channel: string) {
  try {
    // A commit's notices are sent before its statement's answer, so they arrive first.
    if (!listening.has(channel))
      listening.set(channel, await pglite.listen(channel, (payload) => send({ notify: channel, payload })));
    send({ id });
  } catch (error) {
    fail(id, error);
  }
}

async function unlisten(id: number, channel: string) {
  const stop = listening.get(channel);
  listening.delete(channel);
  await stop?.().catch(() => undefined);
  send({ id });
}

async function close(id: number) {
  await pglite.close();
  send({ id });
}

port.on('message', (request: Request) => {
  switch (request.op) {
    case 'query':
      return query(request);
    case 'begin':
      return begin(request.id);
    case 'end':
      return end(request.id, request.tx, request.commit);
    case 'listen':
      return void listen(request.id, request.channel);
    case 'unlisten':
      return void unlisten(request.id, request.channel);
    case 'close':
      return void close(request.id).catch((error: unknown) => fail(request.id, error));
  }
});
send({ id: OPENED });
