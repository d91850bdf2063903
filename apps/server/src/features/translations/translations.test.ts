import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { CATALOGUE_FILE, mergeCatalogue } from './catalogue.js';

const CATALOGUE = {
  languages: {
    el: { 'home.title': 'Καλώς ήρθατε', 'login.submit': 'Σύνδεση' },
    en: { 'home.title': 'Welcome', 'login.submit': 'Login' },
  },
};

let server: TestServer;
let admin: string;
let webDir: string;

/** The changes the newest Generate recorded in the audit log. */
async function lastGenerate() {
  const log = await server.get('/api/auth/audit-log?action=translation.generate&limit=1', admin);
  return log.body.data[0].changes;
}

/** The web build's catalogue, as the server finds it next to the built app. */
function writeCatalogue(catalogue: typeof CATALOGUE) {
  fs.writeFileSync(path.join(webDir, CATALOGUE_FILE), JSON.stringify(catalogue));
  // A new build is told apart by its file time.
  const later = new Date(Date.now() + Math.round(Math.random() * 1e6));
  fs.utimesSync(path.join(webDir, CATALOGUE_FILE), later, later);
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-'));
  writeCatalogue(CATALOGUE);
  server = await startTestServer({ WEB_DIST_DIR: webDir });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const query = (body: unknown, token = admin) => server.post('/api/auth/translations', body, token);
const save = (lang: string, entries: Record<string, unknown>, token = admin) =>
  server.put('/api/auth/translations', { lang, data: { lang, entries } }, token);
const locales = (lng: string, headers: Record<string, string> = {}) =>
  server.request('GET', `/locales/${lng}/translations.json`, { headers });

describe('first start', () => {
  it('publishes the catalogue for Greek and English, so the interface has texts at once', async () => {
    const el = await locales('el');
    expect(el.status).toBe(200);
    expect(el.body).toEqual(CATALOGUE.languages.el);
    expect((await locales('en')).body).toEqual(CATALOGUE.languages.en);
    const list = await query({});
    expect(list.body.translations.map((t: { language: string; keys: number }) => [t.language, t.keys])).toEqual([
      ['el', 2],
      ['en', 2],
    ]);
    expect(list.body.translations[0].lastGenerated).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/translations', () => {
  it('answers one language with its entries, or langFound false', async () => {
    const found = await query({ lang: 'EN' });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      langFound: true,
      translation: {
        language: 'en',
        data: { lang: 'en', entries: expect.objectContaining({ 'home.title': 'Welcome' }) },
      },
      awaitingGenerate: 0,
    });
    expect((await query({ lang: 'fr' })).body).toEqual({ langFound: false, translation: null });
  });

  it.each([
    [{ lang: 'english' }, 'Language must be a code of 2 or 3 letters, such as el or en'],
    [{ lang: '../x' }, 'Language must be a code of 2 or 3 letters, such as el or en'],
  ])('refuses %j', async (body, message) => {
    const response = await query(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('is refused to a plain member and to a visitor', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await query({}, member.token)).status).toBe(403);
    expect((await save('en', { a: 'b' }, member.token)).status).toBe(403);
    expect((await server.post('/api/auth/translations', {})).status).toBe(401);
  });

  it('lets one who may only read the texts read them, not publish them with Generate', async () => {
    const roleId = await createRoleWith(server, `Translation readers ${Date.now()}`, 'POST /api/auth/translations');
    const reader = await createSignedInUser(server, { roleIds: [roleId] });
    expect((await query({ lang: 'en' }, reader.token)).status).toBe(200);
    const before = (await server.get('/locales/en/translations.json')).headers.get('etag');
    expect(before).toBeTruthy();
    const generate = await query({ generate_files: true }, reader.token);
    expect(generate.status).toBe(403);
    expect(generate.body).toEqual({ error: 'You do not have permission to do this.' });
    expect((await server.get('/locales/en/translations.json')).headers.get('etag')).toBe(before);
  });
});

describe('saving and generating', () => {
  it('saves edits that /locales shows only after Generate, which keeps them', async () => {
    const current = (await query({ lang: 'en' })).body.translation.data.entries;
    const saved = await save('en', { ...current, 'home.title': 'Hello, members', '  ': 'dropped', ' padded ': 'kept' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Translations saved successfully');
    expect(saved.body.translation.data.entries).toEqual({
      ...current,
      'home.title': 'Hello, members',
      padded: 'kept',
    });
    expect((await locales('en')).body['home.title']).toBe('Welcome');

    const generated = await query({ generate_files: true });
    expect(generated.status).toBe(200);
    expect(generated.body.message).toBe('Translations generated successfully');
    const served = await locales('en');
    expect(served.body['home.title']).toBe('Hello, members');
    expect(served.body.padded).toBe('kept');
  });

  it('merges keys a new web build brought into every language, without overwriting edits', async () => {
    await save('it', { 'home.title': 'Benvenuti' });
    const catalogue = {
      languages: {
        el: { ...CATALOGUE.languages.el, 'home.new': 'Νέο' },
        en: { ...CATALOGUE.languages.en, 'home.new': 'New' },
      },
    };
    writeCatalogue(catalogue);
    // Before Generate the new key already has its default text (the build is looked at each second).
    await expect.poll(async () => (await locales('el')).body['home.new'], { timeout: 3000 }).toBe('Νέο');
    // The editor is told the stored texts lack it until Generate stores it.
    expect((await query({ lang: 'el' })).body).toMatchObject({ langFound: true, awaitingGenerate: 1 });
    expect((await query({ lang: 'el' })).body.translation.data.entries['home.new']).toBeUndefined();
    expect((await query({ generate_files: true })).status).toBe(200);
    expect((await query({ lang: 'el' })).body.translation.data.entries['home.new']).toBe('Νέο');
    expect((await query({ lang: 'el' })).body.awaitingGenerate).toBe(0);
    // A language the app was not written in starts from English.
    expect((await locales('it')).body).toMatchObject({
      'home.title': 'Benvenuti',
      'home.new': 'New',
      'login.submit': 'Login',
    });
    expect((await locales('en')).body['home.title']).toBe('Hello, members');
    // The audit entry names the published texts that changed (Italian's all, published for the
    // first time), and no language it did not create.
    expect(await lastGenerate()).toEqual({
      published: [
        null,
        { count: 5, keys: ['el home.new', 'en home.new', 'it home.new', 'it home.title', 'it login.submit'] },
      ],
    });
    expect((await query({ generate_files: true })).status).toBe(200);
    expect(await lastGenerate()).toBeNull();
    // A build written in a language more: Generate creates it, and says so.
    writeCatalogue({ languages: { ...catalogue.languages, fr: { 'home.title': 'Bienvenue' } } } as typeof CATALOGUE);
    expect((await query({ generate_files: true })).status).toBe(200);
    expect((await lastGenerate()).languages).toEqual([
      ['el', 'en', 'it'],
      ['el', 'en', 'fr', 'it'],
    ]);
    expect((await query({ lang: 'fr' })).body.translation.data.entries['home.title']).toBe('Bienvenue');
    writeCatalogue(CATALOGUE);
  });

  it('rewords the texts a newer build reworded where nobody edited them, before Generate and after', async () => {
    const reworded = {
      languages: {
        el: { ...CATALOGUE.languages.el, 'login.submit': 'Είσοδος' },
        en: { 'home.title': 'Welcome, all', 'login.submit': 'Sign in' },
      },
    };
    writeCatalogue(reworded);
    await expect.poll(async () => (await locales('en')).body['login.submit'], { timeout: 3000 }).toBe('Sign in');
    expect((await locales('en')).body['home.title']).toBe('Hello, members');
    expect((await locales('el')).body['login.submit']).toBe('Είσοδος');
    // A reworded text waits for Generate as a new one does; an edited one does not.
    expect((await query({ lang: 'en' })).body.awaitingGenerate).toBe(1);

    expect((await query({ generate_files: true })).status).toBe(200);
    const entries = async (lang: string) => (await query({ lang })).body.translation.data.entries;
    expect(await entries('en')).toMatchObject({ 'home.title': 'Hello, members', 'login.submit': 'Sign in' });
    expect(await entries('el')).toMatchObject({ 'login.submit': 'Είσοδος' });
    // Italian started from English at its first Generate, and its own title stays.
    expect(await entries('it')).toMatchObject({ 'home.title': 'Benvenuti', 'login.submit': 'Sign in' });

    // An edit equal to nothing a build wrote stays through the next rewording.
    await save('el', { ...(await entries('el')), 'login.submit': 'Μπείτε' });
    writeCatalogue(CATALOGUE);
    expect((await query({ generate_files: true })).status).toBe(200);
    expect(await entries('el')).toMatchObject({ 'login.submit': 'Μπείτε' });
    expect(await entries('en')).toMatchObject({ 'home.title': 'Hello, members', 'login.submit': 'Login' });
    await save('el', { ...(await entries('el')), 'login.submit': 'Σύνδεση' });
  });

  it.each([
    ['a prototype key', '{"lang":"en","data":{"entries":{"__proto__":{"polluted":"yes"}}}}'],
    ['a constructor prototype', '{"lang":"en","data":{"entries":{"constructor":{"prototype":{"x":"1"}}}}}'],
  ])('refuses %s and stores nothing', async (_label, rawBody) => {
    const before = (await query({ lang: 'en' })).body.translation.data.entries;
    const response = await server.request('PUT', '/api/auth/translations', {
      token: admin,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await query({ lang: 'en' })).body.translation.data.entries).toEqual(before);
  });

  it.each([
    ['a text that is not text', { a: 1 }, 'Translation texts must be text'],
    ['a huge text', { a: 'x'.repeat(10_001) }, 'A translation text must be at most 10000 characters'],
    ['a huge key', { ['k'.repeat(201)]: 'x' }, 'A translation key must be at most 200 characters'],
    ['NUL in a text', { a: 'x\u0000y' }, 'Text must not contain NUL characters.'],
  ])('refuses %s with 400', async (_label, entries, message) => {
    const response = await save('en', entries);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('keeps a text with markup as plain text', async () => {
    const entries = (await query({ lang: 'el' })).body.translation.data.entries;
    const script = '<img src=x onerror="alert(1)">';
    await save('el', { ...entries, 'home.title': script });
    await query({ generate_files: true });
    const served = await locales('el');
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.body['home.title']).toBe(script);
  });
});

describe('GET /locales/:lng/translations.json', () => {
  it('answers 304 to a matching ETag and a new ETag after Generate', async () => {
    const first = await locales('en');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await locales('en', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const entries = (await query({ lang: 'en' })).body.translation.data.entries;
    await save('en', { ...entries, 'login.submit': 'Sign in now' });
    await query({ generate_files: true });
    const changed = await locales('en', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body['login.submit']).toBe('Sign in now');
  });

  it('sends the texts compressed to a client that accepts it', async () => {
    const url = `${server.baseUrl}/locales/el/translations.json`;
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      // node:http, which does not undo the encoding as fetch does.
      const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) =>
        http.get(url, { headers: { 'accept-encoding': accept } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }),
      );
      expect(headers['content-encoding']).toBe(accept);
      expect(headers.vary).toBe('accept-encoding');
      expect(JSON.parse(decode(body).toString('utf8'))).toEqual((await locales('el')).body);
    }
  });

  it('answers 404 for a language that does not exist, or is not a code', async () => {
    expect((await locales('xx')).status).toBe(404);
    expect((await locales('EN')).status).toBe(404);
    expect((await server.get('/locales/..%2f..%2fetc/translations.json')).status).toBe(404);
  });
});

describe('mergeCatalogue', () => {
  const defaults = { a: 'A new', b: 'B', c: 'C' };
  it('adds missing keys, keeps edits, and rewords only texts still as the last Generate left them', () => {
    expect(mergeCatalogue({ a: 'A old', b: 'mine', x: 'extra' }, defaults, { a: 'A old', b: 'B old' })).toEqual({
      a: 'A new',
      b: 'mine',
      c: 'C',
      x: 'extra',
    });
  });
  it('keeps every text there is when no Generate has recorded what it merged (an installation from before)', () => {
    expect(mergeCatalogue({ a: 'A old', b: 'B' }, defaults, null)).toEqual({ a: 'A old', b: 'B', c: 'C' });
  });
  it('keeps a text written here when a newer build splits its key into plural forms', () => {
    const plural = { n_one: '{{count}} member', n_other: '{{count}} members' };
    // Edited since the last Generate: the edit stands for every form until edited again.
    expect(mergeCatalogue({ n: 'people: {{count}}' }, plural, { n: '{{count}} members' })).toMatchObject({
      n_one: 'people: {{count}}',
      n_other: 'people: {{count}}',
    });
    // As generated: the new forms come from the catalogue.
    expect(mergeCatalogue({ n: '{{count}} members' }, plural, { n: '{{count}} members' })).toMatchObject(plural);
    // A language of this installation's own, never generated: its text stays.
    expect(mergeCatalogue({ n: '{{count}} membri' }, plural, null)).toMatchObject({
      n_one: '{{count}} membri',
      n_other: '{{count}} membri',
    });
  });

  it('lists keys in the catalogue’s order', () => {
    expect(Object.keys(mergeCatalogue({ x: '1', c: '2', a: '3' }, defaults, {}))).toEqual(['a', 'b', 'c', 'x']);
  });
});

describe('PUT /api/auth/translations with If-Match', () => {
  it('refuses texts edited from a version saved over meanwhile, so one editor does not undo another', async () => {
    const lang = 'it';
    const first = await save(lang, { 'home.title': 'Benvenuti' });
    const version = { 'if-match': `"${first.body.translation.updatedAt}"` };
    const put = (entries: Record<string, string>, headers: Record<string, string>) =>
      server.request('PUT', '/api/auth/translations', {
        token: admin,
        body: { lang, data: { lang, entries } },
        headers,
      });
    const one = await put({ 'home.title': 'Benvenuti!' }, version);
    expect(one.status).toBe(200);
    const other = await put({ 'home.title': 'Benvenuti', 'login.submit': 'Accedi' }, version);
    expect(other.status).toBe(412);
    const stored = await query({ lang });
    expect(stored.body.translation.data.entries).toEqual({ 'home.title': 'Benvenuti!' });
    const again = await put(
      { 'home.title': 'Benvenuti!', 'login.submit': 'Accedi' },
      { 'if-match': `"${one.body.translation.updatedAt}"` },
    );
    expect(again.status).toBe(200);
  });
});
