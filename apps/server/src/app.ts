import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import multipart from '@fastify/multipart';
import { MAX_PROFILE_IMAGE_BYTES, messages } from '@community/shared';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerClientPermissionRoutes } from './features/client-permissions/client-permissions.routes.js';
import { registerInviteRoutes } from './features/invites/invites.routes.js';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.js';
import { createCatalogueSource } from './features/translations/catalogue.js';
import { ensurePublished } from './features/translations/translations.queries.js';
import { registerTranslationRoutes } from './features/translations/translations.routes.js';
import { registerContactRoutes } from './features/contact/contact.routes.js';
import { registerMfaRoutes } from './features/mfa/mfa.routes.js';
import { startRetention } from './features/retention/retention-job.js';
import { registerAuditRoutes } from './features/audit/audit.routes.js';
import { memoizingSerializerCompiler } from './lib/serializer.js';
import { watchTableChanges, type TableChanges } from './db/table-changes.js';
import { startFeedRefresh, type FeedRefresh } from './features/feed/feed-refresh.js';
import { registerFeedRoutes } from './features/feed/feed.routes.js';
import { registerSiteConfigRoutes } from './features/site-config/site-config.routes.js';
import { registerHealthRoutes } from './features/health/health.routes.js';
import { registerPermissionRoutes } from './features/permissions/permissions.routes.js';
import { registerProfileRoutes } from './features/profiles/profiles.routes.js';
import { registerRoleRoutes } from './features/roles/roles.routes.js';
import { registerUploadRoutes } from './features/uploads/uploads.routes.js';
import { registerUserRoleRoutes } from './features/user-roles/user-roles.routes.js';
import { registerUserRoutes } from './features/users/users.routes.js';
import { registerSessionRoutes } from './features/sessions/sessions.routes.js';
import { createBackgroundTasks } from './lib/background.js';
import { createMailer } from './lib/mailer.js';
import { createMailQueue, type MailQueue } from './features/mail/mail-queue.js';
import { registerPrivacyRoutes } from './features/privacy/privacy.routes.js';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { registerEventRoutes } from './features/events/events.routes.js';
import { registerPublicEventRoutes } from './features/events/public-events.routes.js';
import { eventPages } from './features/events/event-pages.js';
import { openRateLimitStore } from './lib/rate-limiter.js';
import { createRateLimits } from './lib/rate-limits.js';
import { createTokenService } from './lib/tokens.js';
import { createSecretBox } from './lib/secret-box.js';
import { registerAccessControl } from './plugins/access.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorResponses } from './plugins/error-responses.js';
import { errorSerializer } from './lib/loggable-error.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerHandlersInFlight } from './plugins/handlers-in-flight.js';
import { registerLanguage } from './plugins/language.js';
import { AppError } from './lib/app-error.js';
import { registerJsonGuard } from './plugins/json-guard.js';
import { requestSerializer } from './plugins/request-logging.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { seed } from './seed/seed.js';
import { resolveSigningKey } from './lib/signing-key.js';

export type BuildOptions = {
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  /** Log destination override (tests capture the log). */
  logStream?: NodeJS.WritableStream;
  /** Where a person at the terminal is told what the log must not carry (the first start's password). */
  tell?: (text: string) => void;
};

export type App = { app: FastifyInstance; deps: AppDeps; database: Database; feed: FeedRefresh; changes: TableChanges };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** JSON bodies above this are refused; uploads have their own limit. */
const BODY_LIMIT = 256 * 1024;
/** A profile image and the few fields beside it. */
const UPLOAD_LIMITS = { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 };

/** Every feature's routes, each registered the same way; their order is the OpenAPI document's. */
const ROUTE_MODULES: ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerSessionRoutes,
  registerUserRoutes,
  registerRoleRoutes,
  registerPermissionRoutes,
  registerClientPermissionRoutes,
  registerUserRoleRoutes,
  registerProfileRoutes,
  registerUploadRoutes,
  registerInviteRoutes,
  registerNotificationRoutes,
  registerSiteConfigRoutes,
  registerTranslationRoutes,
  registerFeedRoutes,
  registerContactRoutes,
  registerAuditRoutes,
  registerMfaRoutes,
  registerPrivacyRoutes,
  registerDashboardRoutes,
  registerEventRoutes,
  registerPublicEventRoutes,
];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
      // What a failure may say in the log is decided in one place, whoever logs it (Fastify too).
      serializers: {
        req: requestSerializer,
        err: errorSerializer,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  const logger = app.log as unknown as Logger;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingSerializerCompiler);
  registerLanguage(app);
  registerErrorHandling(app);
  const handlers = registerHandlersInFlight(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      logger,
    }));
  const { db } = database;

  try {
    const limitStore = await openRateLimitStore(config.redisUrl, logger);
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
    const background = createBackgroundTasks(logger);
    const loadCatalogue = createCatalogueSource(config.webDistDir);
    const changes = await watchTableChanges(database, logger);
    const retention = startRetention({ database, mailer, logger, auditDays: config.auditRetentionDays });
    const feed = startFeedRefresh({
      database,
      logger,
      channel: config.telegramChannel,
      baseUrl: config.telegramBaseUrl,
      intervalMs: config.feedRefreshMs,
    });

    // Answers sent while shutting down close their connection, so keep-alive clients do not
    // hold the process open after their last request.
    let isClosing = false;
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    app.addHook('onSend', async (request, reply) => {
      if (isClosing) reply.header('connection', 'close');
      // Whoever wrote reads their own write next: the answer waits until this instance has heard
      // of every table the write changed (a statement that changed nothing announces nothing).
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400) await changes.sync();
    });
    let mail: MailQueue | undefined;
    // After the answer: its transaction has committed, so the run this starts sees its mail.
    app.addHook('onResponse', async (request, reply) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400 && mail?.queuedRecently()) mail.kick();
    });
    app.addHook('onClose', async () => {
      // Runs once every connection has closed; what was started still finishes before the database closes.
      await handlers.settled();
      await Promise.all([feed.stop(), retention.stop()]);
      await background.drain();
      await mail?.stop();
      mailer.close();
      await limitStore.close();
      await changes.close();
      if (!options.database) await database.close();
    });

    const deps = await database.withStartupLock(async () => {
      await database.migrate();
      const signingKey = await resolveSigningKey({ db, configured: config.jwtSecret, dataDir: config.dataDir, logger });
      const tokens = createTokenService(signingKey);
      mail = createMailQueue({
        database,
        mailer,
        logger,
        siteName: config.site.name,
        publicUrl: config.publicUrl,
        timeZone: config.siteTimeZone,
        retryBaseMs: config.mailRetryBaseMs,
      });
      registerSecurityHeaders(app, { googleSignIn: config.googleClientId !== undefined });
      registerErrorResponses(app);
      await registerDocs(app);
      registerJsonGuard(app);
      const access = registerAccessControl(app, { db, tokens, mfaRequiredForAdmins: config.mfaRequiredForAdmins });
      const appDeps: AppDeps = {
        config,
        database,
        db,
        logger,
        mail,
        limits: createRateLimits(limitStore),
        tokens,
        secrets: createSecretBox(signingKey),
        access,
        background,
        loadCatalogue,
      };

      await app.register(multipart, { limits: UPLOAD_LIMITS });
      for (const register of ROUTE_MODULES) register(app, appDeps);
      app.all('/api/*', { config: { access: 'public' }, schema: { hide: true } }, () => {
        throw new AppError('not_found', messages.routeNotFound);
      });
      await registerWebApp(app, config.webDistDir, eventPages(appDeps));
      await app.ready();
      await seed(db, {
        routes: access.routes,
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
        dataDir: config.dataDir,
        signInUrl: `${config.publicUrl}/admin/login`,
        logger,
        tell: options.tell ?? ((text) => process.stderr.write(text)),
      });
      await ensurePublished(db, await loadCatalogue());
      return appDeps;
    });

    background.run('feed refresh', () => feed.refresh());
    return { app, deps, database, feed, changes };
  } catch (error) {
    // The start-up error is the one worth reporting, not a second close of the same pool.
    await app.close().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
}
