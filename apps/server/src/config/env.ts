import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { emailSchema, trimTrailingSlashes } from '@community/shared';

const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** An address, a CIDR block, or a name proxy-addr knows for a range. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** A zone name this runtime's time zone data knows. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Google's published signing keys for ID tokens. */
const GOOGLE_JWKS_DEFAULT = 'https://www.googleapis.com/oauth2/v3/certs';

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
    PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(blankIsUnset, z.string().default('0.0.0.0')),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
    DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(100)),
    DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
    // The sign-in form checks addresses with this same rule, so the administrator can always sign in.
    ADMIN_EMAIL: optional(emailSchema),
    ADMIN_PASSWORD: optional(z.string().min(6).max(128)),
    PUBLIC_URL: optional(url(['http:', 'https:'])),
    SITE_TIME_ZONE: z.preprocess(
      blankIsUnset,
      z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Athens').default('Europe/Athens'),
    ),
    JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    SMTP_URL: optional(url(['smtp:', 'smtps:'])),
    MAIL_FROM: z.preprocess(blankIsUnset, z.string().optional()),
    MAIL_REPLY_TO: optional(emailSchema),
    REDIS_URL: optional(url(['redis:', 'rediss:'])),
    TRUST_PROXY: optional(
      z
        .string()
        .refine(
          (value) => value.split(',').every((entry) => isProxyAddress(entry.trim())),
          'must list the addresses of the proxies in front (such as 127.0.0.1 or 10.0.0.0/8, or loopback): ' +
            'true or a hop count would let a client write its own address',
        ),
    ),
    LOG_LEVEL: z.preprocess(
      blankIsUnset,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    WEB_DIST_DIR: optional(z.string()),
    GOOGLE_CLIENT_ID: optional(z.string().max(500)),
    TELEGRAM_CHANNEL: optional(z.string().regex(/^\w{3,64}$/, 'must be a public channel name')),
    TELEGRAM_BASE_URL: z.preprocess(blankIsUnset, url(['https:', 'http:']).default('https://t.me')),
    FEED_REFRESH_MINUTES: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1440).default(10)),
    MAIL_RETRY_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3600).default(60)),
    AUDIT_RETENTION_DAYS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(36_500).default(365)),
    MFA_REQUIRED_FOR_ADMINS: z.preprocess(blankIsUnset, z.enum(['true', 'false']).default('false')),
    SITE_NAME: z.preprocess(blankIsUnset, z.string().max(100).default('Κοινότητα')),
    SITE_LOGO_URL: z.preprocess(blankIsUnset, z.string().max(500).default('/favicon.svg')),
    SITE_FACEBOOK_URL: z.preprocess(blankIsUnset, url(['https:']).default('https://www.facebook.com/')),
    SITE_INSTAGRAM_URL: z.preprocess(blankIsUnset, url(['https:']).default('https://www.instagram.com/')),
    SITE_YOUTUBE_URL: z.preprocess(blankIsUnset, url(['https:']).default('https://www.youtube.com/')),
    SITE_CALENDAR_ID: z.preprocess(
      blankIsUnset,
      z.string().max(300).default('el.greek#holiday@group.v.calendar.google.com'),
    ),
    SITE_VISION_URL: z.preprocess(blankIsUnset, z.string().max(500).default('/vision.html')),
    SITE_CREDIT: z.preprocess(blankIsUnset, z.string().max(200).default('Οι εθελοντές της κοινότητας')),
    GOOGLE_JWKS_URL: z.preprocess(blankIsUnset, url(['https:', 'http:']).default(GOOGLE_JWKS_DEFAULT)),
  })
  // Every instance on one PostgreSQL must sign with the same key, and the key must not live in
  // the database: only the operator can give it.
  .refine((env) => !env.DATABASE_URL || env.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'required with DATABASE_URL (at least 32 characters, the same on every instance)',
  });

/** A sender as set (`Name <address>`), or its name and address apart, for the mailer to encode. */
export type MailSender = string | { name: string; address: string };

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's pooled connections at most; unset: two per core, at most ten. */
  databasePoolSize: number | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  /** Events are entered and shown in this IANA time zone. */
  siteTimeZone: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  /** Who mails come from: as set, else the site's name at no-reply@ the host of PUBLIC_URL. */
  mailFrom: MailSender;
  /** Where answers to the community's replies go; unset: to the administrator who replied. */
  mailReplyTo: string | undefined;
  redisUrl: string | undefined;
  /**
   * Passed to Fastify's trustProxy: false, or the proxies' addresses, so the client is the
   * right-most X-Forwarded-For hop that is not one of them. Never `true`, which would take the
   * left-most entry: the one the client writes.
   */
  trustProxy: false | string;
  logLevel: string;
  webDistDir: string;
  /** Set: Google sign-in is on, with this audience. */
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /** Unset: the Official Feed stays empty. */
  telegramChannel: string | undefined;
  telegramBaseUrl: string;
  feedRefreshMs: number;
  /** The wait before a failed mail's first retry; each later one waits twice the one before. */
  mailRetryBaseMs: number;
  /** Audit entries older than this many days are deleted. */
  auditRetentionDays: number;
  /** Administrators without a second factor may do nothing but enrol one. */
  mfaRequiredForAdmins: boolean;
  site: SiteSettings;
};

/** Public site content that is not a translation. */
export type SiteSettings = {
  name: string;
  logoUrl: string;
  facebookUrl: string;
  instagramUrl: string;
  youtubeUrl: string;
  calendarId: string;
  visionUrl: string;
  credit: string;
};

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  return value ? value.replace(/\s+/g, '') : false;
}

/** Reads the environment once; every bad variable is named, so an operator can fix them all at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const webDistDefault = path.resolve(import.meta.dirname, '../../../web/dist');
  const publicUrl = trimTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl,
    siteTimeZone: e.SITE_TIME_ZONE,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? { name: e.SITE_NAME, address: `no-reply@${new URL(publicUrl).hostname}` },
    mailReplyTo: e.MAIL_REPLY_TO,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : webDistDefault,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    telegramChannel: e.TELEGRAM_CHANNEL,
    telegramBaseUrl: trimTrailingSlashes(e.TELEGRAM_BASE_URL),
    feedRefreshMs: e.FEED_REFRESH_MINUTES * 60_000,
    mailRetryBaseMs: e.MAIL_RETRY_SECONDS * 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    mfaRequiredForAdmins: e.MFA_REQUIRED_FOR_ADMINS === 'true',
    site: {
      name: e.SITE_NAME,
      logoUrl: e.SITE_LOGO_URL,
      facebookUrl: e.SITE_FACEBOOK_URL,
      instagramUrl: e.SITE_INSTAGRAM_URL,
      youtubeUrl: e.SITE_YOUTUBE_URL,
      calendarId: e.SITE_CALENDAR_ID,
      visionUrl: e.SITE_VISION_URL,
      credit: e.SITE_CREDIT,
    },
  };
}
