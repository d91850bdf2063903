import { drizzle } from 'drizzle-orm/pglite';
import { applyMigrations } from './migrate.js';
import { openPglite } from './pglite-engine.js';
import * as schema from './schema.js';

/**
 * Creates the embedded database in the folder named, with every migration applied, then exits.
 * Run as a process of its own by `initializeDataDir` (pglite.ts): creating the cluster and its
 * tables leaves a process about 100 MB larger for good, even once that instance is closed.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init <data directory>');
const pglite = await openPglite(dataDir);
await applyMigrations(drizzle({ client: pglite, schema }));
await pglite.close();
