import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'admin'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>public entry</title>');
  fs.writeFileSync(path.join(distDir, 'admin/index.html'), '<!doctype html><title>admin entry</title>');
  fs.writeFileSync(path.join(distDir, 'assets/app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'theme.js'), "document.documentElement.dataset.theme = 'dark';");
  server = await startTestServer({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it.each(['/', '/about', '/participate/2026', '/contact?x=1'])('serves the public entry at %s', async (url) => {
    const response = await server.get(url);
    expect(response.status).toBe(200);
    expect(response.text).toContain('public entry');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/admin', '/admin/', '/admin/users', '/admin/reset-password/abc'])(
    'serves the admin entry at %s',
    async (url) => {
      const response = await server.get(url);
      expect(response.status).toBe(200);
      expect(response.text).toContain('admin entry');
    },
  );

  it('answers 304 to a page whose ETag still holds', async () => {
    const first = await server.get('/about');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const again = await server.request('GET', '/privacy', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-length') ?? '0').toBe('0');
    const admin = await server.request('GET', '/admin/users', { headers: { 'if-none-match': etag } });
    expect(admin.status).toBe(200);
  });

  it('serves hashed assets with a year of caching', async () => {
    const response = await server.get('/assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves the theme script of the pages as JavaScript, revalidated on each visit', async () => {
    // Not hashed: the pages name it /theme.js, so a new build must reach the next visit.
    const response = await server.get('/theme.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript|^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const etag = response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // As a browser revalidates it (fetch would add cache-control: no-cache, which forbids a 304).
    const again = await server.request('GET', '/theme.js', {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    // The pages load it from their own origin, which the policy allows.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const response = await server.get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not Found' });
  });

  it('sends the strict content security policy with the pages', async () => {
    const response = await server.get('/admin/login');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
