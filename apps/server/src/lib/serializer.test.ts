import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizingSerializerCompiler } from './serializer.js';

const serializerFor = (schema: z.ZodType) =>
  memoizingSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

describe('memoizingSerializerCompiler', () => {
  it('checks and serialises an answer object once, and every other object afresh', () => {
    let checks = 0;
    const serialize = serializerFor(z.object({ n: z.number().refine(() => ++checks > 0) }));
    const cachedAnswer = { n: 1 };
    expect(serialize(cachedAnswer)).toBe('{"n":1}');
    expect(serialize(cachedAnswer)).toBe('{"n":1}');
    expect(checks).toBe(1);
    expect(serialize({ n: 2 })).toBe('{"n":2}');
    expect(checks).toBe(2);
  });

  it('still refuses an answer that breaks its schema', () => {
    const serialize = serializerFor(z.object({ n: z.number() }));
    expect(() => serialize({ n: 'one' })).toThrow();
  });
});
