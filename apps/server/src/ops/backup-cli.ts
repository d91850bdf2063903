import { loadConfig } from '../config/env.js';
import { backupDatabase, restoreDatabase } from './backup.js';

/** `npm run backup [-- file]` and `npm run restore -- file`, reading the server's own configuration. */
async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (command === 'backup') {
    console.log(`backup written to ${await backupDatabase(target, file)}`);
  } else if (command === 'restore' && file) {
    const { keptAside } = await restoreDatabase(target, file);
    console.log(`restored ${file}${keptAside ? `; the previous data directory is kept at ${keptAside}` : ''}`);
  } else {
    console.error('usage: npm run backup [-- <file>] | npm run restore -- <file>');
    process.exit(2);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
