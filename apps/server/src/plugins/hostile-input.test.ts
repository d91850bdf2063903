import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../test/factories.js';
import { startTestServer, type ApiResponse, type TestServer } from '../test/test-server.js';

let server: TestServer;
let admin: string;
const answers: ApiResponse[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(async () => {
  // Whatever went wrong, no answer in this file leaked internals.
  for (const answer of answers) {
    expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|select |insert |drizzle|node_modules|stack/i);
  }
  await server.close();
});

async function send(method: string, url: string, options: Parameters<TestServer['request']>[2] = {}) {
  const answer = await server.request(method, url, { token: admin, ...options });
  answers.push(answer);
  return answer;
}

const json = (rawBody: string | Buffer) => ({ rawBody, headers: { 'content-type': 'application/json' } });
const usersTotal = async () => (await server.get('/api/auth/users', admin)).body.total as number;

describe('malformed and oversized bodies', () => {
  it.each([
    ['malformed JSON', '{"name": "x",', 400, 'The request body is not valid JSON.'],
    ['an empty body', '', 400, 'The request body is not valid JSON.'],
    ['a JSON string', '"just text"', 400, 'The request body must be a JSON object.'],
    ['a 5 MB body', JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }), 413, 'The request body is too large.'],
  ])('answers %s with %i', async (_label, raw, status, message) => {
    const before = await usersTotal();
    const response = await send('POST', '/api/auth/users', json(raw));
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: message });
    expect(await usersTotal()).toBe(before);
  });

  it('refuses bodies nested too deeply, shallow or extreme', async () => {
    const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const shallow = await send('POST', '/api/auth/users', json(`{"name":${nest(40)}}`));
    expect(shallow.status).toBe(400);
    expect(shallow.body).toEqual({ error: 'The request body is nested too deeply.' });
    const extreme = await send('POST', '/api/auth/users', json(`{"name":${nest(10_000)}}`));
    expect(extreme.status).toBe(400);
    expect((await server.get('/healthz')).status).toBe(200);
  });

  it('refuses other content types', async () => {
    const response = await send('POST', '/api/auth/users', {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Unsupported content type.' });
  });
});

describe('prototype pollution', () => {
  it.each([
    '{"__proto__": {"isAdmin": true}, "name": "P", "email": "p1@example.test", "password": "secret1"}',
    '{"constructor": {"prototype": {"isAdmin": true}}, "name": "P", "email": "p2@example.test", "password": "secret1"}',
  ])('refuses %s and pollutes nothing', async (raw) => {
    const before = await usersTotal();
    const response = await send('POST', '/api/auth/users', json(raw));
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await usersTotal()).toBe(before);
    expect((await server.get('/api/auth/users', admin)).status).toBe(200);
  });
});

describe('text that databases and browsers trip on', () => {
  it('refuses NUL characters anywhere in a body', async () => {
    const before = await usersTotal();
    for (const body of [
      { name: 'a\u0000b', email: uniqueEmail(), password: 'secret1' },
      { name: 'ok', email: uniqueEmail(), password: 'secret1', extra: { deep: ['x\u0000'] } },
    ]) {
      const response = await send('POST', '/api/auth/users', { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Text must not contain NUL characters.' });
    }
    expect(await usersTotal()).toBe(before);
  });

  it('refuses half a character (a lone surrogate), which would be stored as another', async () => {
    const before = await usersTotal();
    for (const raw of [
      `{"name":"\\ud800x","email":"${uniqueEmail()}","password":"secret1"}`,
      `{"name":"ok","email":"${uniqueEmail()}","password":"secret1","\\udfff":1}`,
    ]) {
      const response = await send('POST', '/api/auth/users', json(raw));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Text must not contain broken characters.' });
    }
    expect(await usersTotal()).toBe(before);
  });

  it('stores right-to-left overrides, emoji, markup and SQL exactly as sent', async () => {
    const name = `\u202Etxt.exe 👩‍👩‍👧 <script>alert(1)</script> '); DROP TABLE users;--`;
    const created = await send('POST', '/api/auth/users', {
      body: { name, email: uniqueEmail(), password: 'secret1' },
    });
    expect(created.status).toBe(201);
    const read = await send('GET', `/api/auth/users/${created.body._id}`);
    expect(read.body.name).toBe(name);
    expect((await send('GET', '/api/auth/users')).status).toBe(200);
  });

  it('matches %, _ and \\ in searches literally', async () => {
    const user = await createUser(server, { name: 'Back\\slash 50%_off' });
    await createUser(server, { name: 'Backslash 50xoff' });
    for (const q of ['\\', '50%_', '%_off']) {
      const found = await send('GET', `/api/auth/users?q=${encodeURIComponent(q)}`);
      expect(found.body.data.map((u: { _id: string }) => u._id)).toEqual([user.id]);
    }
  });

  it('refuses a search longer than 200 characters', async () => {
    const response = await send('GET', `/api/auth/users?q=${'a'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Search text must be at most 200 characters' });
  });
});

describe('wrong types and unknown ids', () => {
  it.each([
    [{ name: 123, email: 'a@example.test', password: 'secret1' }, 'Name must be text'],
    [{ name: 'A', email: 'a@example.test', password: 'secret1', confirmed: 'yes' }, 'Confirmed must be true or false'],
    [{ name: 'A', email: ['a@example.test'], password: 'secret1' }, 'Email must be text'],
  ])('refuses %j naming the field', async (body, message) => {
    const response = await send('POST', '/api/auth/users', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('refuses a permission list that is not a list of ids', async () => {
    const response = await send('POST', '/api/auth/roles', { body: { name: 'Typed', permission: 'abc' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Permission must be a list of ids' });
  });

  it.each(['/api/auth/users/42', "/api/auth/roles/1'%20OR%20'1'='1", '/api/auth/permissions/..%2F..%2Fetc'])(
    'answers 400 for the id in %s',
    async (url) => {
      const response = await send('GET', url);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'The id is not valid.' });
    },
  );
});

describe('properties over many inputs', () => {
  it('never answers 5xx to any search text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 60 }), async (q) => {
        const response = await send('GET', `/api/auth/users?q=${encodeURIComponent(q)}`);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });

  it('answers any JSON value sent as a role with 201 or 4xx, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const response = await send('POST', '/api/auth/roles', { body: value });
        expect([201, 400, 409]).toContain(response.status);
      }),
      { numRuns: 50 },
    );
  });
});
