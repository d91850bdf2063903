import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Raw SQL through either driver; both answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
