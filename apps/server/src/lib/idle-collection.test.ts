import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-collection.js';

const WINDOW_MS = 500;
/** Well above what the runner's own event loop uses idle (1–3 % of a window here), well below a spin. */
const MARKS = { busy: 0.2, idle: 0.1 };

/** Full collections asked for by code (V8's own never carry the forced flag). */
let forced = 0;
/** Told of each one: waiting must not wake the event loop, or an idle window looks busy. */
let onForced = () => {};
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { kind, flags } = (entry as PerformanceEntry & { detail: { kind: number; flags: number } }).detail;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR && flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) {
      forced++;
      onForced();
    }
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const spin = (ms: number) => {
  for (const end = performance.now() + ms; performance.now() < end;);
};
/**
 * Until `count` more collections than `since` have happened, for at most twenty windows: on a
 * loaded machine a window may look busy, and the collection then comes a window or two later.
 */
async function collectionsAfter(since: number, count = 2) {
  await new Promise<void>((resolve) => {
    const timeout = setTimeout(resolve, 20 * WINDOW_MS);
    onForced = () => {
      if (forced - since < count) return;
      clearTimeout(timeout);
      resolve();
    };
    onForced();
  });
  onForced = () => {};
  return forced - since;
}

let stop = () => {};
beforeEach(() => {
  forced = 0;
  observer.observe({ entryTypes: ['gc'] });
});
afterEach(() => {
  stop();
  observer.disconnect();
});

describe('collectWhenIdle', () => {
  it('collects twice after start-up, twice again after a busy stretch, not in every idle window', async () => {
    stop = collectWhenIdle({ windowMs: WINDOW_MS, marks: MARKS });
    expect(await collectionsAfter(0)).toBeGreaterThanOrEqual(2);

    // The pair's second collection comes a tenth of a window after the first.
    await sleep(WINDOW_MS / 2);
    const before = forced;
    spin(1.5 * WINDOW_MS);
    expect(await collectionsAfter(before)).toBeGreaterThanOrEqual(2);
    await sleep(WINDOW_MS / 2);

    // Eight idle windows: collections in each would make sixteen more. A busy machine may make a
    // window look busy now and then, so one more pair is allowed.
    const after = forced;
    await sleep(8 * WINDOW_MS);
    expect(forced - after).toBeLessThanOrEqual(2);
  });

  it('never collects while the event loop stays busy', async () => {
    stop = collectWhenIdle({ windowMs: WINDOW_MS, marks: MARKS });
    for (const end = Date.now() + 6 * WINDOW_MS; Date.now() < end; await sleep(5)) spin(WINDOW_MS / 4);
    expect(forced).toBe(0);
    expect(await collectionsAfter(0)).toBeGreaterThanOrEqual(2);
  });

  it('runs what follows the pair once both collections are done', async () => {
    let calls = 0;
    stop = collectWhenIdle({ windowMs: WINDOW_MS, marks: MARKS, afterwards: () => calls++ });
    expect(await collectionsAfter(0)).toBeGreaterThanOrEqual(2);
    // Once, right after the second collection, and not again in the idle windows that follow.
    await sleep(3 * WINDOW_MS);
    expect(calls).toBe(1);
  });
});
