import { describe, expect, it } from 'vitest';
import { clip, headOf } from './clip.js';

describe('clip', () => {
  it('cuts between characters, never inside one written as two units', () => {
    expect(headOf('ab🎉', 3)).toBe('ab');
    expect(headOf('ab🎉', 4)).toBe('ab🎉');
    expect(clip('abc🎉 party', 5)).toBe('abc…');
    expect(clip('short', 5)).toBe('short');
    expect(() => encodeURIComponent(clip(`${'x'.repeat(298)}🎉🎉`, 300))).not.toThrow();
  });
});
