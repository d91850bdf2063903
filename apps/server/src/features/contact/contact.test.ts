import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, notifications, users } from '../../db/schema.js';
import { uniqueEmail } from '../../test/factories.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
});
afterAll(() => server.close());

let lastAddress = 0;
const send = (body: Record<string, unknown>, address = `192.0.2.${++lastAddress}`) =>
  server.request('POST', '/api/contact', { body, headers: { 'x-forwarded-for': address } });

describe('POST /api/contact', () => {
  it('keeps the message and tells every administrator', async () => {
    const email = uniqueEmail('visitor');
    const body = { name: 'Μαρία', email, message: 'Θα ήθελα να γίνω εθελόντρια.\n<b>ευχαριστώ</b>' };
    const response = await send(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Thank you. Your message was sent.' });
    const [stored] = await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toMatchObject(body);
    const [admin] = await server.deps.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(told.map((n) => [n.title, n.body])).toContainEqual([
      'New message from the contact page',
      `Μαρία <${email}>: ${body.message}`,
    ]);
  });

  it.each([
    [{ email: 'a@b.co', message: 'hi' }, 'Name is required'],
    [{ name: 'X', email: 'nope', message: 'hi' }, 'Entered value does not match email format'],
    [{ name: 'X', email: 'a@b.co', message: '   ' }, 'Message is required'],
    [{ name: 'X', email: 'a@b.co', message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses %j with its message and keeps nothing', async (body, error) => {
    const before = (await server.deps.db.select().from(contactMessages)).length;
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
    expect((await server.deps.db.select().from(contactMessages)).length).toBe(before);
  });

  it('takes 10 messages per client address an hour', async () => {
    const address = '198.18.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await send({ name: 'Flood', email: 'flood@example.test', message: `#${i}` }, address)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('L2: with one proxy in front, counts the hop that proxy saw, not the address the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // The proxy appends the address it saw; whatever the client sent stands to its left.
      const forwarded = `10.${i}.0.1, 198.18.1.1`;
      statuses.push((await send({ name: 'Spoof', email: 'spoof@example.test', message: `#${i}` }, forwarded)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('L3: counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const address = `2001:db8:77:1:${(i * 4099).toString(16)}::${i + 1}`;
      statuses.push((await send({ name: 'Six', email: 'six@example.test', message: `#${i}` }, address)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await send({ name: 'Six', email: 'six@example.test', message: 'next' }, '2001:db8:77:2::1')).status).toBe(
      201,
    );
  });
});
