import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the event loop's use is read: also how long it must stay idle before a collection. */
const WINDOW_MS = 10_000;
/** Share of a window the event loop spent working: above `busy` the server was busy, below `idle` idle. */
const MARKS = { busy: 0.02, idle: 0.005 };

/**
 * Under load V8 grows the young generation to its maximum (32 MB here) and keeps it until a full
 * collection, which a server that answers only young-generation work never needs: the memory
 * would stay with the process after every busy stretch. Once the event loop has been idle for a
 * whole window after a busy one (or after start-up), full collections give it back (and start
 * V8's own memory reducer). An idle server pays about 40 ms once; a busy one never.
 */
export function collectWhenIdle({
  windowMs = WINDOW_MS,
  marks = MARKS,
  afterwards = () => {},
}: {
  windowMs?: number;
  /** Tests raise them: a test runner's own event loop is never as quiet as an idle server's. */
  marks?: typeof MARKS;
  /** Run after each pair, once the heaps have given back what they could (freed-memory.ts). */
  afterwards?: () => void;
} = {}): () => void {
  const collect = fullCollection();
  let previous = performance.eventLoopUtilization();
  // Start-up was a busy stretch of its own.
  let busySince = true;
  let compaction: NodeJS.Timeout | undefined;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, previous);
    previous = now;
    if (utilization > marks.busy) busySince = true;
    else if (busySince && utilization < marks.idle) {
      busySince = false;
      collect();
      // V8 picks the pages to compact from what the last collection freed: the first finds the
      // garbage, a second a moment later moves the survivors together and returns the emptied
      // pages (the server's old generation: 61–77 MB of pages for 31 MB live after one, 38–40
      // after two).
      compaction = setTimeout(() => {
        collect();
        afterwards();
        // Neither collection's pause is a busy stretch.
        previous = performance.eventLoopUtilization();
      }, windowMs / 10).unref();
    }
  }, windowMs).unref();
  return () => {
    clearInterval(timer);
    clearTimeout(compaction);
  };
}

/** V8's `gc()`, which Node exposes only with a flag: set here, and read from a new context. */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
