import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import type { Database, Db } from './db/client.js';
import type { MailQueue } from './features/mail/mail-queue.js';
import type { CatalogueSource } from './features/translations/catalogue.js';
import type { BackgroundTasks } from './lib/background.js';
import type { RateLimits } from './lib/rate-limits.js';
import type { SecretBox } from './lib/secret-box.js';
import type { TokenService } from './lib/tokens.js';
import type { AccessControl } from './plugins/access.js';

/**
 * What every route module is given, built once in buildApp: `registerXRoutes(app, deps)` is the one
 * signature. Passed in rather than decorated onto Fastify, so a module's needs are visible in its
 * parameter and tests build the same object.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /** Every mail goes through it: stored with the change it tells of, sent after the answer. */
  mail: MailQueue;
  limits: RateLimits;
  tokens: TokenService;
  /** Seals second-factor secrets with a key derived from the signing key. */
  secrets: SecretBox;
  access: AccessControl;
  background: BackgroundTasks;
  /** The web build's key catalogue of interface texts. */
  loadCatalogue: CatalogueSource;
};
