import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedPosts, settings } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { MAX_PAGE_BYTES } from './feed-refresh.js';
import { parseChannelPage } from './telegram-parser.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const CHANNEL_PAGE = fixture('channel-page.html');
const BROKEN_PAGE = fixture('broken-page.html');

/** Stands in for t.me: serves whatever page the test chooses at /s/community_test. */
async function startChannelServer() {
  let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: CHANNEL_PAGE };
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url !== '/s/community_test') return response.writeHead(404).end();
    response
      .writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers })
      .end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    serve: (status: number, body: string, headers?: Record<string, string>) => {
      answer = { status, body, headers };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('parseChannelPage', () => {
  it('reads each post: photo, name, link, text with line breaks, and every photo', () => {
    const posts = parseChannelPage(CHANNEL_PAGE, 'https://t.me');
    expect(posts).toHaveLength(3);
    expect(posts[0]).toEqual({
      postId: 'community_test/101',
      userPhoto: 'https://cdn4.telesco.pe/file/avatar-1.jpg',
      userName: 'Σύλλογος Κοινότητας',
      messageUrl: 'https://t.me/community_test/101',
      messageText: 'Γιορτή της γειτονιάς το Σάββατο!\nΦέρτε φίλους. Λεπτομέρειες',
      messagePhotos: ['https://cdn4.telesco.pe/file/photo-101a.jpg', 'https://cdn4.telesco.pe/file/photo-101b.jpg'],
      postedAt: new Date('2026-11-01T10:00:00Z'),
    });
  });

  it('keeps a post without text, with an empty text', () => {
    const [, photoOnly] = parseChannelPage(CHANNEL_PAGE, 'https://t.me');
    expect(photoOnly).toMatchObject({
      postId: 'community_test/102',
      messageText: '',
      messagePhotos: ['https://cdn4.telesco.pe/file/photo-102.jpg'],
    });
  });

  it('drops addresses that are not web addresses and keeps markup in text as text', () => {
    const [, , hostile] = parseChannelPage(CHANNEL_PAGE, 'https://t.me');
    expect(hostile!.userPhoto).toBeNull();
    expect(hostile!.messagePhotos).toEqual([]);
    expect(hostile!.messageText).toBe('<script>alert("x")</script> Συνέλευση μελών την Πέμπτη.');
  });

  it('I4: yields a post the page names twice once', () => {
    const post = CHANNEL_PAGE.slice(CHANNEL_PAGE.indexOf('<div class="tgme_widget_message_wrap'));
    const twice = CHANNEL_PAGE.replace('</body>', `${post}</body>`);
    const ids = parseChannelPage(twice, 'https://t.me').map((parsed) => parsed.postId);
    expect(ids).toEqual([...new Set(ids)]);
    expect(ids).toHaveLength(3);
  });

  it('I4: reads a hostile style attribute in linear time', () => {
    const style = 'background-image:url('.repeat(20_000);
    const page = `<div class="tgme_widget_message" data-post="c/1"><div class="tgme_widget_message_photo_wrap" style="${style}"></div></div>`;
    const started = performance.now();
    expect(parseChannelPage(page, 'https://t.me')).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('finds nothing in a broken or foreign page', () => {
    expect(parseChannelPage(BROKEN_PAGE, 'https://t.me')).toEqual([]);
    expect(parseChannelPage('not html at all', 'https://t.me')).toEqual([]);
  });
});

describe('the Official Feed', () => {
  let channel: Awaited<ReturnType<typeof startChannelServer>>;
  let server: TestServer;

  beforeAll(async () => {
    channel = await startChannelServer();
    server = await startTestServer({
      TELEGRAM_CHANNEL: 'community_test',
      TELEGRAM_BASE_URL: channel.url,
      FEED_REFRESH_MINUTES: '60',
    });
    // The read the server starts with is over before the tests read on their own.
    await server.feed.refresh();
  });
  afterAll(async () => {
    await server.close();
    await channel.close();
  });
  // Each test reads the channel itself, as if the last read were long ago.
  beforeEach(async () => {
    channel.serve(200, CHANNEL_PAGE);
    await server.deps.db.delete(settings).where(eq(settings.key, 'feed_fetched_at'));
  });

  it('serves the stored posts newest first in the spec’s fields, with an ETag', async () => {
    expect(await server.feed.refresh()).toBe('stored');
    const response = await server.get('/api/telegram-data');
    expect(response.status).toBe(200);
    expect(response.body.map((post: { message_url: string }) => post.message_url)).toEqual([
      'https://t.me/community_test/103',
      'https://t.me/community_test/102',
      'https://t.me/community_test/101',
    ]);
    expect(response.body[2]).toEqual({
      user_photo: 'https://cdn4.telesco.pe/file/avatar-1.jpg',
      user_name: 'Σύλλογος Κοινότητας',
      message_url: 'https://t.me/community_test/101',
      message_text: 'Γιορτή της γειτονιάς το Σάββατο!\nΦέρτε φίλους. Λεπτομέρειες',
      message_photo: ['https://cdn4.telesco.pe/file/photo-101a.jpg', 'https://cdn4.telesco.pe/file/photo-101b.jpg'],
    });
    const etag = response.headers.get('etag')!;
    const again = await server.request('GET', '/api/telegram-data', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-length') ?? '0').toBe('0');
  });

  it('keeps the last good posts when the page is broken, failing or unreachable', async () => {
    await server.feed.refresh();
    const before = (await server.deps.db.select().from(feedPosts)).length;
    expect(before).toBe(3);

    for (const [status, body] of [
      [200, BROKEN_PAGE],
      [500, 'oops'],
    ] as const) {
      channel.serve(status, body);
      await server.deps.db.delete(settings).where(eq(settings.key, 'feed_fetched_at'));
      expect(await server.feed.refresh()).toBe('failed');
    }
    expect((await server.deps.db.select().from(feedPosts)).length).toBe(before);
    const warnings = server.logs.filter((line) => line.msg === 'feed refresh failed; the last posts stay');
    expect(warnings.map((line) => (line.err as { message: string }).message)).toEqual([
      'the channel page held no posts',
      'the channel page answered 500',
    ]);
  });

  it('I4: refuses a page over 2 MB and a redirect elsewhere, keeping the last posts', async () => {
    await server.feed.refresh();
    const before = (await server.deps.db.select().from(feedPosts)).length;
    for (const [status, body, headers] of [
      [200, CHANNEL_PAGE + ' '.repeat(MAX_PAGE_BYTES), {}],
      [302, '', { location: 'http://127.0.0.1:9/s/community_test' }],
    ] as const) {
      channel.serve(status, body, headers);
      await server.deps.db.delete(settings).where(eq(settings.key, 'feed_fetched_at'));
      expect(await server.feed.refresh()).toBe('failed');
    }
    expect((await server.deps.db.select().from(feedPosts)).length).toBe(before);
    const warnings = server.logs.filter((line) => line.msg === 'feed refresh failed; the last posts stay');
    expect(warnings.slice(-2).map((line) => (line.err as { message: string }).message)).toEqual([
      `the channel page is larger than ${MAX_PAGE_BYTES} bytes`,
      'the channel page redirected elsewhere (302)',
    ]);
  });

  it('reads the channel once per interval, however often asked', async () => {
    const before = channel.requests.length;
    expect(await server.feed.refresh()).toBe('stored');
    expect(await server.feed.refresh()).toBe('skipped');
    expect(channel.requests.length).toBe(before + 1);
  });

  it('is empty, and reads nothing, without a channel', async () => {
    const plain = await startTestServer();
    try {
      expect(await plain.feed.refresh()).toBe('skipped');
      const response = await plain.get('/api/telegram-data');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('says what failed when the channel cannot be reached', async () => {
    const unreachable = await startTestServer({
      TELEGRAM_CHANNEL: 'community_test',
      TELEGRAM_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      expect(await unreachable.feed.refresh()).toBe('failed');
      expect(unreachable.logs.some((line) => line.msg === 'feed refresh failed; the last posts stay')).toBe(true);
      expect((await unreachable.get('/api/telegram-data')).status).toBe(200);
    } finally {
      await unreachable.close();
    }
  });
});
