import path from 'node:path';
import { z } from 'zod';

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

/** Google's published signing keys for ID tokens. */
const GOOGLE_JWKS_DEFAULT = 'https://www.googleapis.com/oauth2/v3/certs';

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankIsUnset, z.string().default('0.0.0.0')),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
  ADMIN_EMAIL: optional(z.string().email()),
  ADMIN_PASSWORD: optional(z.string().min(6).max(128)),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: z.preprocess(blankIsUnset, z.string().default('Community <no-reply@localhost>')),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  TRUST_PROXY: optional(z.string()),
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optional(z.string()),
  GOOGLE_CLIENT_ID: optional(z.string().max(500)),
  GOOGLE_JWKS_URL: z.preprocess(blankIsUnset, url(['https:', 'http:']).default(GOOGLE_JWKS_DEFAULT)),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  logLevel: string;
  webDistDir: string;
  /** Set: Google sign-in is on, with this audience. */
  googleClientId: string | undefined;
  googleJwksUrl: string;
};

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : webDistDefault,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
  };
}
