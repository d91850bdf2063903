import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /healthz', () => {
  it('answers ok', async () => {
    const response = await server.get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers ok while the database is reachable', async () => {
    const response = await server.get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('ok');
  });
});

describe('GET /api/docs', () => {
  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const response = await server.get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const login = response.body.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(response.body.paths)).toContain('/api/auth/users/{id}');
  });
});
