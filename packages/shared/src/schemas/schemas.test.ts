import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPermissionBodySchema,
  createUserBodySchema,
  emailSchema,
  listQuerySchema,
  updateMyProfileBodySchema,
  updateUserBodySchema,
  withPasswordConfirmation,
} from '../index.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('the shared schemas give the spec wording', () => {
  it.each([
    [{ email: 'a@example.test', password: 'secret1' }, 'Name is required'],
    [{ name: 'A', password: 'secret1' }, 'Email is required'],
    [{ name: 'A', email: 'nope', password: 'secret1' }, 'Entered value does not match email format'],
    [{ name: 'A', email: 'a@example.test', password: 'abc' }, 'Password must have at least 6 characters'],
  ])('createUserBodySchema %j -> %s', (input, message) => {
    expect(firstMessage(createUserBodySchema.safeParse(input))).toBe(message);
  });

  it('defaults confirmed to true and blocked to false, and lowercases the email', () => {
    const parsed = createUserBodySchema.parse({ name: ' A ', email: 'A@Example.TEST', password: 'secret1' });
    expect(parsed).toMatchObject({ name: 'A', email: 'a@example.test', confirmed: true, blocked: false });
  });

  it('checks the confirmation in the browser form', () => {
    const form = withPasswordConfirmation(createUserBodySchema);
    const result = form.safeParse({
      name: 'A',
      email: 'a@example.test',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ message: 'The passwords do not match', path: ['confirmPassword'] });
    // Said in the same round as another field's error, not once that one is mended.
    const both = form.safeParse({ name: ' ', email: 'a@example.test', password: 'secret1', confirmPassword: 'x' });
    expect(both.error!.issues.map((issue) => issue.path[0])).toEqual(['name', 'confirmPassword']);
    // Matching, the values are the form schema's own: trimmed, lowercased, defaults filled.
    const valid = form.parse({ name: ' A ', email: 'A@Example.TEST', password: 'secret1', confirmPassword: 'secret1' });
    expect(valid).toMatchObject({ name: 'A', email: 'a@example.test', password: 'secret1', confirmed: true });
  });

  it('says a confirmation typed without a new password does not match, rather than failing', () => {
    const form = withPasswordConfirmation(updateMyProfileBodySchema);
    // A blank password reads as unchanged; the confirmation beside it must not break the check.
    const confirmOnly = form.safeParse({ name: 'A', password: '', confirmPassword: 'newpass123' });
    expect(confirmOnly.error!.issues).toMatchObject([
      { message: 'The passwords do not match', path: ['confirmPassword'] },
    ]);
    const passwordOnly = form.safeParse({ name: 'A', password: 'newpass123', confirmPassword: '' });
    expect(passwordOnly.error!.issues.map((issue) => issue.path[0])).toEqual(['confirmPassword']);
    expect(form.parse({ name: 'A', password: '', confirmPassword: '' }).password).toBeUndefined();
    const forUsers = withPasswordConfirmation(updateUserBodySchema);
    expect(forUsers.safeParse({ name: 'A', email: 'a@example.test', password: '', confirmPassword: 'x' }).success).toBe(
      false,
    );
  });

  it('reads list queries with defaults and caps', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 25, q: undefined });
    expect(listQuerySchema.parse({ page: '0', limit: '1e6', q: '  x ' })).toEqual({ page: 1, limit: 1000, q: 'x' });
    expect(listQuerySchema.parse({ page: 'abc', limit: '-5', q: '   ' })).toEqual({ page: 1, limit: 25, q: undefined });
  });

  it('treats a blank profile password as unchanged', () => {
    expect(updateMyProfileBodySchema.parse({ name: 'A', password: '' }).password).toBeUndefined();
  });

  it.each(['+30 210 123 4567', '(210) 123-4567', '210.123.4567', '112', '+44 20/7946 0958'])(
    'takes the phone number %s as written',
    (phone) => {
      expect(updateMyProfileBodySchema.parse({ name: 'A', phone }).phone).toBe(phone);
    },
  );

  it.each(['Athens', '210 123 45 67 ext. 3', '12', '+', '++30 210', '210_123'])(
    'refuses %j as a phone number',
    (phone) => {
      expect(firstMessage(updateMyProfileBodySchema.safeParse({ name: 'A', phone }))).toBe(
        'Phone must be a number: digits, with spaces and + ( ) - . / as you like',
      );
    },
  );

  it('keeps an empty phone as none', () => {
    expect(updateMyProfileBodySchema.parse({ name: 'A', phone: '  ' }).phone).toBeNull();
  });

  it('names the allowed methods', () => {
    const result = createPermissionBodySchema.safeParse({ name: 'A', method: 'PATCH', route: '/x' });
    expect(firstMessage(result)).toBe('Permission method must be one of GET, POST, PUT, DELETE');
  });

  it('refuses any name holding a NUL character', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const result = createUserBodySchema.safeParse({
          name: `x${before}\u0000${after}`,
          email: 'a@example.test',
          password: 'secret1',
        });
        return !result.success;
      }),
      { numRuns: 200 },
    );
  });
});

describe('H1: lengths before patterns', () => {
  it('H1: an email over the length stops at the length check: no pattern sees it', () => {
    const result = emailSchema.safeParse('x'.repeat(300));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(['Email must be at most 254 characters']);
  });
});
