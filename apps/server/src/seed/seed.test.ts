import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSchema } from '@community/shared';
import { ADMIN_CREDENTIALS_FILE, DEFAULT_ADMIN_EMAIL } from './seed.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

describe('a first start with no administrator configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  });
  afterAll(() => server.close());

  const toldPassword = () => /password: (\S+)/.exec(server.told.join('\n'))?.[1];

  it('F0: makes an administrator whose address the sign-in form accepts, and who can sign in', async () => {
    expect(emailSchema.safeParse(DEFAULT_ADMIN_EMAIL).success).toBe(true);
    const password = toldPassword();
    expect(password).toMatch(/^\S{16}$/);
    const login = await server.post('/api/auth/login', { email: DEFAULT_ADMIN_EMAIL, password });
    expect(login.status).toBe(200);
    expect(login.body.roles.map((role: { type: string }) => role.type)).toEqual(['admin']);
  });

  it('L12: tells the password once, keeps it in a file only this user reads, and never logs it', () => {
    const password = toldPassword()!;
    expect(server.told).toHaveLength(1);
    const file = path.join(server.dataDir, ADMIN_CREDENTIALS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`email: ${DEFAULT_ADMIN_EMAIL}\npassword: ${password}\n`);
    expect(JSON.stringify(server.logs)).not.toContain(password);
    expect(server.logs.some((line) => line.file === file)).toBe(true);
  });
});

describe('a first start with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('tells nothing and writes no credentials file', () => {
    expect(server.told).toEqual([]);
    expect(fs.existsSync(path.join(server.dataDir, ADMIN_CREDENTIALS_FILE))).toBe(false);
  });
});
