import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../test/test-server.js';

/** Sends a sign-in and hangs up as soon as the server has begun on it, without waiting for the answer. */
function signInAndHangUp(server: TestServer): Promise<void> {
  const seen = server.logs.length;
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    const begun = setInterval(() => {
      if (!server.logs.slice(seen).some((line) => line.msg === 'incoming request')) return;
      clearInterval(begun);
      request.destroy();
      resolve();
    }, 1);
    request.on('close', () => {
      clearInterval(begun);
      reject(new Error('answered before it could be abandoned'));
    });
  });
}

describe('shutting down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets the handlers of clients that hung up finish before it closes the database', async () => {
    const successes = () =>
      server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'auth.login.success'));
    const [before] = await successes();
    // More sign-ins than there are password workers: some are still queued at close.
    for (let i = 0; i < 6; i++) await signInAndHangUp(server);
    await server.app.close();
    const [after] = await successes();
    expect(after!.n - before!.n).toBe(6);
    expect(server.logs.filter((line) => line.msg === 'request failed')).toEqual([]);
  });
});
