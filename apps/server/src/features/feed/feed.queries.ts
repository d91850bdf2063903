import { desc, sql } from 'drizzle-orm';
import type { FeedPost } from '@community/shared';
import type { Db } from '../../db/client.js';
import { feedPosts } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { etagOf } from '../../lib/precompressed.js';
import type { ParsedPost } from './telegram-parser.js';

/** The Official Feed shows this many of the newest posts. */
export const FEED_SIZE = 20;

export async function latestPosts(db: Db): Promise<FeedPost[]> {
  const rows = await db
    .select()
    .from(feedPosts)
    .orderBy(sql`${feedPosts.postedAt} desc nulls last`, desc(feedPosts.postId))
    .limit(FEED_SIZE);
  return rows.map((row) => ({
    user_photo: row.userPhoto,
    user_name: row.userName,
    message_url: row.messageUrl,
    message_text: row.messageText,
    message_photo: row.messagePhotos,
  }));
}

/** The feed with its ETag, read on every About page: kept until the posts change. */
export const readFeed = (db: Db) =>
  cached(db, 'feed', ['feed_posts'], 'latest', async () => {
    const posts = await latestPosts(db);
    return { posts, etag: etagOf(JSON.stringify(posts)) };
  });

/** New posts are added and edited ones updated; posts no longer on the page are kept. */
export async function storePosts(db: Db, posts: ParsedPost[]): Promise<void> {
  if (posts.length === 0) return;
  const rows = posts.map((post) => ({
    postId: post.postId,
    userPhoto: post.userPhoto,
    userName: post.userName,
    messageUrl: post.messageUrl,
    messageText: post.messageText,
    messagePhotos: post.messagePhotos,
    postedAt: post.postedAt,
    fetchedAt: new Date(),
  }));
  await db
    .insert(feedPosts)
    .values(rows)
    .onConflictDoUpdate({
      target: feedPosts.postId,
      set: {
        userPhoto: sql`excluded.user_photo`,
        userName: sql`excluded.user_name`,
        messageUrl: sql`excluded.message_url`,
        messageText: sql`excluded.message_text`,
        messagePhotos: sql`excluded.message_photos`,
        postedAt: sql`excluded.posted_at`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}
