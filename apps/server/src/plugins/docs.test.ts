import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Operation = { responses: Record<string, { description: string }> };

describe('GET /api/docs', () => {
  it('lists the failures each route answers beside its success, with what they mean', async () => {
    const { status, body } = await server.get('/api/docs');
    expect(status).toBe(200);
    const responses = (path: string, method: string) =>
      Object.keys((body.paths[path][method] as Operation).responses).sort();
    expect(responses('/api/auth/users', 'post')).toEqual(['201', '400', '401', '403', '409']);
    expect(responses('/api/auth/users/{id}', 'get')).toEqual(['200', '400', '401', '403', '404']);
    expect(responses('/api/auth/login', 'post')).toEqual(['200', '400', '403', '429']);
    expect(responses('/api/auth/notifications', 'get')).toEqual(['200', '304', '400', '401']);
    expect(responses('/api/upload/profile-image', 'post')).toEqual(['201', '401', '413', '415', '429']);
    const conflict = (body.paths['/api/auth/roles'].post as Operation).responses['409']!;
    expect(conflict.description).toBe('It conflicts with what is stored.');
    expect(body.info.version).toBe('5.925.0');
  });
});
