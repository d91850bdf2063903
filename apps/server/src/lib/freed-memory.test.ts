import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFreedMemoryRelease } from './freed-memory.js';
import { fullCollection } from './idle-collection.js';

const residentMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

describe('loadFreedMemoryRelease', () => {
  it('hands back to the system what glibc kept of freed buffers', async () => {
    const collect = fullCollection();
    const release = await loadFreedMemoryRelease();
    // 125 MB in 64 KB buffers (below glibc's own-mapping threshold, so from its heap); one in
    // sixteen kept, so the freed ones lie between live ones and no plain free can shrink the heap.
    const kept: Buffer[] = [];
    const fill = () => {
      const dropped: Buffer[] = [];
      for (let i = 0; i < 2000; i++) (i % 16 === 15 ? kept : dropped).push(Buffer.alloc(64 * 1024, 1));
      return dropped.length;
    };
    // Garbage once fill returns.
    expect(fill()).toBe(1875);
    collect();
    collect();
    const freed = residentMb();
    release();
    expect(freed - residentMb()).toBeGreaterThan(60);
    expect(kept.every((buffer) => buffer[0] === 1)).toBe(true);
  });
});
