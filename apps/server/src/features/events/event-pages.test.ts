import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-'));
const nextYear = new Date().getUTCFullYear() + 1;
const hostile = `</script><script>alert(1)</script> "Βραδιά" & <b>σινεμά</b>`;

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'admin'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="el"><head><meta name="description" content="Η κοινότητά μας" />' +
      '<title>Κοινότητα</title></head><body>public entry</body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'admin/index.html'), '<!doctype html><title>admin entry</title>');
  fs.writeFileSync(
    path.join(distDir, 'translation-catalogue.json'),
    JSON.stringify({
      languages: {
        el: { 'public.events.title': 'Εκδηλώσεις', 'public.events.intro': 'Οι συναντήσεις & οι γιορτές μας.' },
        en: { 'public.events.title': 'Events', 'public.events.intro': 'Our meetings and feasts.' },
      },
    }),
  );
  server = await startTestServer({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://community.example' });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const publishedEvent = (body: Record<string, unknown>, publish = true) => createEvent(server, admin, body, { publish });

/** The bytes as sent, undecoded (fetch would decode them). */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; encoding?: string; vary?: string; bytes: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(server.baseUrl + url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            encoding: response.headers['content-encoding'],
            vary: response.headers.vary,
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const structuredData = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

describe('the HTML of an event page, for link previews and crawlers', () => {
  it('carries the title, OpenGraph tags and a schema.org Event, every value escaped', async () => {
    const id = await publishedEvent({
      title: hostile,
      startsLocal: `${nextYear}-12-15T19:30`,
      endsLocal: `${nextYear}-12-15T22:00`,
      place: 'Πλατεία <Κυψέλης>',
      description: 'Ταινία και κουβέντα.\nΔείτε https://example.test',
    });
    const response = await server.get(`/events/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const head = headOf(response.text);
    expect(head).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Βραδιά&quot; &amp; &lt;b&gt;σινεμά&lt;/b&gt; · Κοινότητα</title>',
    );
    expect(head).toContain(`<meta property="og:url" content="https://community.example/events/${id}" />`);
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toMatch(
      /<meta property="og:description" content="15 Δεκεμβρίου \d{4}, 19:30–22:00 · Πλατεία &lt;Κυψέλης&gt; · Ταινία/,
    );
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(structuredData(head)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: hostile,
      startDate: `${nextYear}-12-15T17:30:00.000Z`,
      endDate: `${nextYear}-12-15T20:00:00.000Z`,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Πλατεία <Κυψέλης>' },
      url: `https://community.example/events/${id}`,
    });
  });

  it('gives an all-day event its dates alone', async () => {
    const id = await publishedEvent({
      title: 'Καθαρισμός του πάρκου',
      allDay: true,
      startsLocal: `${nextYear}-03-28`,
      endsLocal: `${nextYear}-03-29`,
    });
    const data = structuredData((await server.get(`/events/${id}`)).text);
    expect(data).toMatchObject({ startDate: `${nextYear}-03-28`, endDate: `${nextYear}-03-29` });
    expect(data).not.toHaveProperty('location');
  });

  it('answers 304 while the event is unchanged, and a new page once it changes', async () => {
    const id = await publishedEvent({
      title: 'Συνέλευση',
      startsLocal: `${nextYear}-11-05T18:00`,
      endsLocal: `${nextYear}-11-05T20:00`,
    });
    const first = await server.get(`/events/${id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await server.request('GET', `/events/${id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const changed = await server.put(
      `/api/auth/events/${id}`,
      { title: 'Γενική συνέλευση', startsLocal: `${nextYear}-11-05T18:00`, endsLocal: `${nextYear}-11-05T20:00` },
      admin,
    );
    expect(changed.status).toBe(200);
    const after = await server.request('GET', `/events/${id}`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(headOf(after.text)).toContain('<title>Γενική συνέλευση · Κοινότητα</title>');
  });

  it('answers 404 with the plain entry for a draft, an unknown id and a malformed one', async () => {
    const draft = await publishedEvent(
      { title: 'Πρόχειρο', startsLocal: `${nextYear}-10-01T18:00`, endsLocal: `${nextYear}-10-01T19:00` },
      false,
    );
    for (const url of [`/events/${draft}`, '/events/00000000-0000-7000-8000-000000000000', '/events/not-an-id']) {
      const response = await server.get(url);
      expect(response.status, url).toBe(404);
      expect(response.text).toContain('public entry');
      expect(response.text).not.toContain('og:title');
      expect(response.text).not.toContain('Πρόχειρο');
    }
  });

  it('leaves the calendar files to the feed routes', async () => {
    const id = await publishedEvent({
      title: 'Προβολή',
      startsLocal: `${nextYear}-09-10T20:00`,
      endsLocal: `${nextYear}-09-10T22:00`,
    });
    const calendar = await server.get(`/events/${id}.ics`);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect((await server.get('/events.ics')).headers.get('content-type')).toMatch(/^text\/calendar/);
  });

  it('preloads the API read each page starts with, as the app makes it', async () => {
    const id = await publishedEvent({
      title: 'Προβολή ταινίας',
      startsLocal: `${nextYear}-08-20T21:00`,
      endsLocal: `${nextYear}-08-20T23:00`,
    });
    expect(headOf((await server.get(`/events/${id}`)).text)).toContain(
      `<link rel="preload" href="/api/events/${id}" as="fetch" crossorigin="anonymous" />`,
    );
    expect(headOf((await server.get('/events')).text)).toContain(
      '<link rel="preload" href="/api/events" as="fetch" crossorigin="anonymous" />',
    );
  });

  it('sends every page compressed to clients that take it, and plain to those that do not', async () => {
    const id = await publishedEvent({
      title: 'Γιορτή της γειτονιάς',
      startsLocal: `${nextYear}-06-21T19:00`,
      endsLocal: `${nextYear}-06-21T23:00`,
    });
    for (const url of [`/events/${id}`, '/events', '/about', '/admin/users', '/events/not-an-id']) {
      const plain = await rawGet(url);
      expect(plain.encoding, url).toBeUndefined();
      const html = plain.bytes.toString('utf8');
      expect(html, url).toContain('entry');
      const br = await rawGet(url, 'gzip, deflate, br');
      expect([br.status, br.encoding, br.vary], url).toEqual([plain.status, 'br', 'accept-encoding']);
      expect(zlib.brotliDecompressSync(br.bytes).toString('utf8'), url).toBe(html);
      const gzip = await rawGet(url, 'gzip');
      expect(gzip.encoding, url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.bytes).toString('utf8'), url).toBe(html);
    }
  });

  it('writes the list page head from the published texts', async () => {
    const head = headOf((await server.get('/events')).text);
    expect(head).toContain('<title>Εκδηλώσεις · Κοινότητα</title>');
    expect(head).toContain('<meta property="og:url" content="https://community.example/events" />');
    expect(head).toContain('<meta name="description" content="Οι συναντήσεις &amp; οι γιορτές μας." />');
    expect(head).not.toContain('ld+json');
  });
});
