import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueEmail, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let members: TestUser[];
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
  members = await Promise.all(Array.from({ length: 5 }, () => createUser(server)));
});
afterAll(() => server.close());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timedSignIn(email: string, address: string) {
  const started = performance.now();
  const response = await server.request('POST', '/api/auth/login', {
    body: { email, password: 'not-the-password' },
    headers: { 'x-forwarded-for': address },
  });
  expect(response.status).toBe(401);
  return performance.now() - started;
}

describe('sign-in timing', () => {
  // Without the dummy hash an unknown email answers in well under a millisecond, a known one
  // after a full argon2id verification: a ratio far outside these generous bounds.
  it('takes as long for an unknown email as for a wrong password', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i++) {
      known.push(await timedSignIn(members[i % members.length]!.email, `203.0.113.${i}`));
      unknown.push(await timedSignIn(uniqueEmail('nobody'), `203.0.113.${100 + i}`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 60_000);
});
