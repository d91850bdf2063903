import { describe, expect, it } from 'vitest';
import { errorSerializer, loggableError } from './loggable-error.js';

describe('loggableError', () => {
  it('keeps the query and its parameters out of the log', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed query: update "users" set "password_hash" = $1\nparams: $argon2id$v=19$secret', {
      cause,
    });
    const logged = loggableError(wrapped);
    expect(logged).toMatchObject({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(JSON.stringify(logged)).not.toContain('argon2');
    expect(JSON.stringify(logged)).not.toContain('password_hash');
  });

  it('keeps ordinary errors as they are', () => {
    const logged = loggableError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toContain('TypeError');
  });
});

describe('loggableError of what is not an Error', () => {
  it('says what was thrown', () => {
    expect(loggableError('refused')).toEqual({ type: 'string', message: 'refused', stack: '' });
  });
});

describe('errorSerializer', () => {
  it('makes a raw error fit for the log and leaves one already made so as it is', () => {
    const wrapped = new Error('Failed query: select $1\nparams: member@example.org', { cause: new Error('timeout') });
    expect(errorSerializer(wrapped)).toEqual(loggableError(wrapped));
    expect(errorSerializer(loggableError(wrapped))).toEqual(loggableError(wrapped));
    expect(JSON.stringify(errorSerializer(wrapped))).not.toContain('member@example.org');
    expect(errorSerializer(new RangeError('x')).type).toBe('RangeError');
  });
});
