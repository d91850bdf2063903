import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config/env.js';
import { createTestDatabase } from './test-database.js';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'admin-password';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type RequestOptions = {
  token?: string;
  body?: unknown;
  /** Sent as is, for malformed or oversized bodies. */
  rawBody?: string | Buffer | FormData;
  headers?: Record<string, string>;
};

export type TestServer = App & {
  baseUrl: string;
  dataDir: string;
  /** Every log line the server wrote, parsed. */
  logs: Record<string, unknown>[];
  /** What the server told the person at its terminal. */
  told: string[];
  request<T = any>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(url: string, token?: string): Promise<ApiResponse<T>>;
  post<T = any>(url: string, body?: unknown, token?: string): Promise<ApiResponse<T>>;
  put<T = any>(url: string, body?: unknown, token?: string): Promise<ApiResponse<T>>;
  del<T = any>(url: string, token?: string): Promise<ApiResponse<T>>;
  /** Signs in the seeded administrator. */
  adminToken(): Promise<string>;
  close(): Promise<void>;
};

/**
 * The real app on a real socket with its own database: tests speak HTTP to it, as a browser does.
 * `env` overrides configuration variables (SMTP_URL, REDIS_URL, TRUST_PROXY, ...).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-'));
  const logs: Record<string, unknown>[] = [];
  const told: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    PUBLIC_URL: 'http://community.test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const testDb = await createTestDatabase();
  const built = await buildApp(config, { database: testDb.database, logStream, tell: (text) => told.push(text) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const request = async (method: string, url: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | FormData | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    // Tests also write straight to the database; the server must have heard of it first.
    await built.changes.sync();
    const response = await fetch(baseUrl + url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as any, headers: response.headers, text };
  };

  let adminToken: string | undefined;
  return {
    ...built,
    baseUrl,
    dataDir,
    logs,
    told,
    request,
    get: (url, token) => request('GET', url, { token }),
    post: (url, body, token) => request('POST', url, { body: body ?? {}, token }),
    put: (url, body, token) => request('PUT', url, { body: body ?? {}, token }),
    del: (url, token) => request('DELETE', url, { token }),
    adminToken: async () => {
      if (!adminToken) {
        const response = await request('POST', '/api/auth/login', {
          body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        });
        if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.text}`);
        adminToken = response.body.token as string;
      }
      return adminToken;
    },
    close: async () => {
      await built.app.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
