import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      siteTimeZone: 'Europe/Athens',
      mailFrom: { name: 'Κοινότητα', address: 'no-reply@localhost' },
    });
  });

  it('sends mail as the site, from the host of its public address, unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ SITE_NAME: 'Σύλλογος', PUBLIC_URL: 'https://example.org/' }).mailFrom).toEqual({
      name: 'Σύλλογος',
      address: 'no-reply@example.org',
    });
    expect(loadConfig({ MAIL_FROM: 'Team <team@example.org>' }).mailFrom).toBe('Team <team@example.org>');
  });

  it('takes the time zone of events by its IANA name, and refuses one the runtime does not know', () => {
    expect(loadConfig({ SITE_TIME_ZONE: 'America/New_York' }).siteTimeZone).toBe('America/New_York');
    expect(loadConfig({ SITE_TIME_ZONE: '' }).siteTimeZone).toBe('Europe/Athens');
    expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SITE_TIME_ZONE: must be an IANA time zone/);
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      PUBLIC_URL: 'https://community.example/',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://community.example');
    expect(config.trustProxy).toBe('127.0.0.1,10.0.0.0/8');
  });

  it('takes the PostgreSQL pool size as a whole number from 1 to 100, unset by default', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    for (const bad of ['0', '2.5', '101', 'many'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('names every bad variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
  });

  it.each(['true', '1', '10.0.0.0/33', 'proxy.example'])(
    'L2: refuses TRUST_PROXY=%s: only the proxies’ addresses keep clients from choosing their own',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must list the addresses/);
    },
  );

  it('L2: takes addresses, blocks and named ranges of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, 2001:db8::/32,192.0.2.7' }).trustProxy).toBe(
      'loopback,2001:db8::/32,192.0.2.7',
    );
  });
});
