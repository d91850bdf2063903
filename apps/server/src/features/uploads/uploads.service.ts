import type { Db } from '../../db/client.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { deleteUnusedImages, insertImage } from './images.queries.js';
import type { ProcessedImage } from './profile-image.js';

/** Keeps the new image and drops the uploader's earlier ones their profile does not show. */
export async function storeProfileImage(db: Db, context: SignedInContext, image: ProcessedImage): Promise<string> {
  return db.transaction(async (tx) => {
    const id = await insertImage(tx, context.actor.id, image);
    await deleteUnusedImages(tx, context.actor.id, id);
    await recordAudit(tx, context, {
      action: 'image.upload',
      target: { type: 'image', id, label: image.contentType },
      changes: { bytes: [null, image.data.length] },
    });
    return id;
  });
}
