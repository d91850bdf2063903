import type { Logger } from 'pino';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { BackgroundTasks } from './lib/background.js';
import type { Mailer } from './lib/mailer.js';
import type { RateLimits } from './lib/rate-limits.js';
import type { TokenService } from './lib/tokens.js';
import type { AccessControl } from './plugins/access.js';

/** What route modules are given; built once in buildApp. */
export type AppDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  limits: RateLimits;
  tokens: TokenService;
  access: AccessControl;
  background: BackgroundTasks;
};
