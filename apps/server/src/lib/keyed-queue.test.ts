import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createKeyedQueue', () => {
  it('runs work for one key one after another, other keys alongside, failures included', async () => {
    const run = createKeyedQueue();
    const events: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        events.push(`${name} start`);
        await tick();
        events.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([run('a', step('a1', true)), run('a', step('a2')), run('b', step('b1'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(events.indexOf('a1 end')).toBeLessThan(events.indexOf('a2 start'));
    expect(events.indexOf('b1 start')).toBeLessThan(events.indexOf('a1 end'));
  });
});
