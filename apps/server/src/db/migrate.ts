import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from './client.js';
import { queryRows } from './query-rows.js';

/** The migrations this build carries, in the journal's order. */
export const readMigrations = (): MigrationMeta[] => readMigrationFiles({ migrationsFolder });

/**
 * Applies every migration the database has not recorded, in the journal's order, in one
 * transaction, recording each as drizzle-kit's migrator does. That migrator applies only those
 * dated after the newest recorded one, so a migration dated ahead of its successors (0005 is)
 * would hide every later one from an installation that has it: here presence is what counts.
 */
export async function applyMigrations(db: Db, migrations: MigrationMeta[] = readMigrations()): Promise<number> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const recorded = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const applied = new Set(recorded.map((row) => Number(row.created_at)));
  const pending = migrations.filter((migration) => !applied.has(migration.folderMillis));
  if (pending.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const migration of pending) {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
  return pending.length;
}
