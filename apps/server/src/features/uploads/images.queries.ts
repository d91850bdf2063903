import { and, eq, ne, sql } from 'drizzle-orm';
import { PROFILE_IMAGE_PATH_PREFIX } from '@community/shared';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { ProcessedImage } from './profile-image.js';

export async function insertImage(db: Db, ownerId: string, image: ProcessedImage): Promise<string> {
  const id = newId();
  await db.insert(images).values({ id, ownerId, ...image });
  return id;
}

export async function findImage(db: Db, id: string) {
  const [image] = await db
    .select({ data: images.data, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return image;
}

/** A profile shows only an image its owner uploaded. */
export async function isOwnImage(db: Db, id: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, id), eq(images.ownerId, ownerId)));
  return row !== undefined;
}

/**
 * Deletes the owner's images that their profile does not show, except `keepId` (the upload that
 * is about to be applied): a person holds one image, or two between an upload and its save.
 */
export async function deleteUnusedImages(db: Db, ownerId: string, keepId?: string): Promise<void> {
  const path = sql`${PROFILE_IMAGE_PATH_PREFIX} || ${images.id}::text`;
  await db
    .delete(images)
    .where(
      and(
        eq(images.ownerId, ownerId),
        keepId ? ne(images.id, keepId) : undefined,
        sql`not exists (select 1 from profiles p where p.user_id = ${ownerId} and p.image = ${path})`,
        sql`not exists (select 1 from users u where u.id = ${ownerId} and u.avatar_url = ${path})`,
      ),
    );
}
