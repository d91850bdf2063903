import './lib/gc-tuning.js';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { loadFreedMemoryRelease } from './lib/freed-memory.js';
import { collectWhenIdle } from './lib/idle-collection.js';

/** Long enough for in-flight requests to finish, short enough for an orchestrator's stop timeout. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app } = await buildApp(config);
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  // malloc_trim covers every thread's heap: the PGlite thread's collections need no call of their own.
  collectWhenIdle({ afterwards: await loadFreedMemoryRelease() });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
