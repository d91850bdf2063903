import { z } from 'zod';
import { messages } from './messages.js';
import type { HttpMethod } from './schemas/permission.js';

/** One request acts on at most this many records. */
export const MAX_BULK_IDS = 1000;

/** `{ ids, action }`: one of a list's actions on 1 to MAX_BULK_IDS of its records. */
export const bulkBodySchema = <const A extends string>(actions: readonly [A, ...A[]]) =>
  z.object({
    ids: z
      .array(z.uuid({ error: () => messages.notIdList('Ids') }), { error: () => messages.notIdList('Ids') })
      .min(1, { error: () => messages.idsCount(MAX_BULK_IDS) })
      .max(MAX_BULK_IDS, { error: () => messages.idsCount(MAX_BULK_IDS), abort: true }),
    action: z.enum(actions, { error: () => messages.bulkActionUnknown(actions.join(', ')) }),
  });

/**
 * A call as the permissions name it: a method and a route pattern. A bulk action is a single-record
 * call made many times, so it needs that call's permission as well as the bulk route's.
 */
export type ApiCall = readonly [method: HttpMethod, route: string];

/** What a bulk action did: the ids it changed, and each id it left alone with the reason. */
export const bulkResultSchema = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ _id: z.string(), error: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
