import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { storePosts } from './feed.queries.js';

const FETCH_TIMEOUT_MS = 10_000;
/** A channel page is some 100 KB; anything far larger is not one. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const LAST_FETCH_SETTING = 'feed_fetched_at';

export type FeedRefresh = {
  /** Reads the channel now (unless another instance just did); never throws. */
  refresh(): Promise<'stored' | 'skipped' | 'failed'>;
  /** Waits for a read under way. */
  stop(): Promise<void>;
};

/**
 * Reads `baseUrl/s/channel` every `intervalMs`. Instances take turns through an advisory lock and
 * skip a turn another instance has just taken, so the channel is read once per interval.
 * A failed read changes nothing: the last good posts stay.
 */
export function startFeedRefresh(options: {
  database: Database;
  logger: Logger;
  channel: string | undefined;
  baseUrl: string;
  intervalMs: number;
}): FeedRefresh {
  const { database, logger, channel, baseUrl, intervalMs } = options;
  const { db } = database;
  if (!channel) return { refresh: async () => 'skipped', stop: async () => {} };
  const pageUrl = `${baseUrl}/s/${encodeURIComponent(channel)}`;

  const readOnce = async (): Promise<'stored' | 'skipped'> => {
    const [last] = await db.select().from(settings).where(eq(settings.key, LAST_FETCH_SETTING));
    if (last && Date.now() - Date.parse(last.value) < intervalMs / 2) return 'skipped';
    const response = await fetch(pageUrl, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'text/html' },
      // The page is read where it is configured to be, not wherever it points.
      redirect: 'manual',
    });
    if (response.status >= 300 && response.status < 400) {
      throw new Error(`the channel page redirected elsewhere (${response.status})`);
    }
    if (!response.ok) throw new Error(`the channel page answered ${response.status}`);
    // The HTML parser is loaded only by an instance that reads a channel: it is the heaviest module.
    const { parseChannelPage } = await import('./telegram-parser.js');
    const posts = parseChannelPage(await readCapped(response, MAX_PAGE_BYTES), baseUrl);
    if (posts.length === 0) throw new Error('the channel page held no posts');
    await storePosts(db, posts);
    const now = new Date().toISOString();
    await db
      .insert(settings)
      .values({ key: LAST_FETCH_SETTING, value: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: now } });
    logger.info({ posts: posts.length }, 'feed refreshed');
    return 'stored';
  };

  const readUnlessTaken = async () => {
    try {
      let outcome: 'stored' | 'skipped' = 'skipped';
      await database.tryJobLock(ADVISORY_LOCKS.feedJob, async () => {
        outcome = await readOnce();
      });
      return outcome;
    } catch (error) {
      logger.warn({ err: error, channel }, 'feed refresh failed; the last posts stay');
      return 'failed' as const;
    }
  };

  // Within one instance, reads queue behind each other instead of finding the lock taken.
  let queue: Promise<unknown> = Promise.resolve();
  const refresh = () => {
    const next = queue.then(readUnlessTaken);
    queue = next;
    return next;
  };

  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return {
    refresh,
    stop: async () => {
      clearInterval(timer);
      await queue;
    },
  };
}

/** The body as text, refused once it passes `maxBytes` rather than read whole into memory. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Error(`the channel page is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
