import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS_EL } from '@community/shared';
import { tellPasswordChanged } from '../features/notifications/notify.js';
import { createSignedInUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const greek = { 'accept-language': 'el' };

describe('the reader’s language', () => {
  it('answers errors in Greek to a reader of Greek, and in the spec’s English otherwise', async () => {
    const body = { email: 'nope', password: 'x' };
    const english = await server.request('POST', '/api/auth/login', { body });
    expect(english.body).toEqual({ error: 'Entered value does not match email format' });
    const inGreek = await server.request('POST', '/api/auth/login', { body, headers: greek });
    expect(inGreek.body).toEqual({ error: MESSAGE_TEXTS_EL.emailFormat });
    const unauthorized = await server.request('GET', '/api/auth/users', { headers: greek });
    expect(unauthorized.body).toEqual({ error: MESSAGE_TEXTS_EL.unauthorized });
    const missing = await server.request('GET', '/api/auth/nothing-here', { headers: greek });
    expect(missing.body).toEqual({ error: MESSAGE_TEXTS_EL.routeNotFound });
    const named = await server.request('POST', '/api/contact', {
      body: { email: 'a@b.co', message: 'hi' },
      headers: greek,
    });
    expect(named.body).toEqual({ error: 'Το πεδίο Όνομα είναι υποχρεωτικό' });
  });

  it('answers the message of a success in Greek to a reader of Greek', async () => {
    const sent = await server.request('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@example.test' },
      headers: greek,
    });
    expect(sent.body).toEqual({ message: MESSAGE_TEXTS_EL.resetSent });
  });

  it('shows each notification in the language of whoever reads it', async () => {
    const member = await createSignedInUser(server);
    await tellPasswordChanged(server.deps.db, server.deps.mail, member.id);
    const read = (headers: Record<string, string>) =>
      server.request('GET', '/api/auth/notifications', { token: member.token, headers });
    const [inEnglish, inGreek] = [await read({}), await read(greek)];
    expect(inEnglish.body.data[0]).toMatchObject({ title: 'Your password was changed' });
    expect(inGreek.body.data[0]).toMatchObject({
      title: MESSAGE_TEXTS_EL.passwordChangedTitle,
      body: MESSAGE_TEXTS_EL.passwordChangedBody,
    });
    expect(inGreek.headers.get('etag')).not.toBe(inEnglish.headers.get('etag'));
  });
});

describe('the sentences of the server', () => {
  /** Every source file of the server, tests and helpers aside. */
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    });

  it('all come from the shared catalogue, which has a Greek text for each', () => {
    const inline = /new AppError\('\w+',\s*['`]|\b(?:title|body|message|subject):\s*['`][A-Z]/;
    const offenders = sources(path.resolve(import.meta.dirname, '..')).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${path.relative(process.cwd(), file)}:${i + 1}`, line }))
        .filter(({ line }) => inline.test(line) && !line.trim().startsWith('//') && !line.includes('summary')),
    );
    expect(offenders.map((offender) => `${offender.where} ${offender.line.trim()}`)).toEqual([]);
  });
});
