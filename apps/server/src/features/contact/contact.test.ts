import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contactMessages, notifications, users } from '../../db/schema.js';
import { createSignedInUser, uniqueEmail } from '../../test/factories.js';
import { mailSubject, mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    TRUST_PROXY: 'loopback',
    SMTP_URL: smtp.url,
    MAIL_REPLY_TO: 'hello@community.test',
  });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

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

describe('bots at the contact form', () => {
  it.each([
    ['fills the hidden field', () => ({ website: 'http://spam.example' })],
    ['posts within 3 seconds of the form appearing', () => ({ startedAt: Date.now() - 1000 })],
  ])('a bot that %s gets the same 201, and nothing is kept or told', async (_label, extra) => {
    const email = uniqueEmail('bot');
    const response = await send({ name: 'Bot', email, message: 'cheap pills', ...extra() });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Thank you. Your message was sent.' });
    expect(await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    const told = await server.deps.db.select().from(notifications);
    expect(told.some((one) => one.body?.includes(email))).toBe(false);
  });

  it('counts a startedAt ahead of the server clock (a fast clock) as a person', async () => {
    const email = uniqueEmail('fast-clock');
    expect((await send({ name: 'Fast', email, message: 'hi', startedAt: Date.now() + 60_000 })).status).toBe(201);
    expect(await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
  });

  it("keeps a person's message that took longer than 3 seconds, with the hidden field empty", async () => {
    const email = uniqueEmail('person');
    const response = await send({ name: 'Person', email, message: 'hello', website: '', startedAt: Date.now() - 8000 });
    expect(response.status).toBe(201);
    expect(await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
  });
});

describe('the contact inbox', () => {
  async function received(message = 'Πότε είναι η επόμενη συνέλευση;') {
    const email = uniqueEmail('writer');
    expect((await send({ name: 'Ελένη', email, message })).status).toBe(201);
    const [row] = await server.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    return row!;
  }

  it('lists messages newest first, filtered by status and searched by name, address or text', async () => {
    const first = await received('first about the garden');
    const second = await received('second about the film night');
    const list = (query: string) => server.get(`/api/auth/contact-messages${query}`, admin);
    const all = await list('?limit=1000');
    expect(all.status).toBe(200);
    const ids = (all.body.data as { _id: string }[]).map((one) => one._id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(all.body.data[0]).toMatchObject({ status: 'new', replies: [] });
    const searched = await list('?q=FILM%20night');
    expect((searched.body.data as { _id: string }[]).map((one) => one._id)).toEqual([second.id]);
    expect((await list(`?q=${encodeURIComponent(first.email)}`)).body.total).toBe(1);
    // Greek is found typed without accents or in capitals, in the text and in the name.
    const greek = await received(`Για το Πάρκο της γειτονιάς ${first.id}`);
    const folded = await list(`?q=${encodeURIComponent(`παρκο της γειτονιας ${first.id}`)}`);
    expect((folded.body.data as { _id: string }[]).map((one) => one._id)).toEqual([greek.id]);
    expect((await list(`?q=${encodeURIComponent(`ΠΆΡΚΟ ΤΗΣ ΓΕΙΤΟΝΙΆΣ ${first.id}`)}`)).body.total).toBe(1);
    const byName = (await list(`?q=${encodeURIComponent('ελενη')}&limit=1000`)).body.data as { _id: string }[];
    expect(byName.map((one) => one._id)).toContain(greek.id);
    await server.put(`/api/auth/contact-messages/${first.id}`, { status: 'archived' }, admin);
    const archived = await list('?status=archived');
    expect((archived.body.data as { _id: string }[]).map((one) => one._id)).toContain(first.id);
    expect((archived.body.data as { status: string }[]).every((one) => one.status === 'archived')).toBe(true);
    const bad = await list('?status=spam');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Status must be one of new, handled, archived' });
  });

  it('replies by mail from the community, keeps the reply under the message and marks it handled', async () => {
    const row = await received('Μπορώ να φέρω <b>γλυκά</b>;\nΕυχαριστώ');
    const response = await server.post(
      `/api/auth/contact-messages/${row.id}/reply`,
      { body: 'Ναι, φυσικά!\nΣας περιμένουμε.' },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'handled',
      replies: [{ authorName: 'Administrator', body: 'Ναι, φυσικά!\nΣας περιμένουμε.' }],
    });
    const raw = (await smtp.waitFor(row.email)).raw;
    expect(mailSubject(raw)).toBe('Απάντηση από την Κοινότητα');
    expect(raw).toMatch(/^Reply-To: hello@community\.test/m);
    const text = mailText(raw);
    // The reply's lines stay lines in the plain-text part, and the mail asks to be answered, not the opposite.
    expect(text).toMatch(/^Ναι, φυσικά!\r?\nΣας περιμένουμε\.$/m);
    expect(text).toContain('Το μήνυμα στάλθηκε από την Κοινότητα σε απάντηση του μηνύματός σας.');
    expect(text).not.toContain('Μην απαντάτε');
    // The writer's words are quoted as text, never as markup.
    expect(text).toContain('&lt;b&gt;γλυκά&lt;/b&gt;');
    expect((await server.get(`/api/auth/contact-messages/${row.id}`, admin)).body.replies).toHaveLength(1);
    const audited = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, row.id));
    expect(audited.map((entry) => entry.action)).toEqual(['contact.receive', 'contact.reply']);
  });

  it('an answered, filed or deleted message leaves no unread notice behind; one put back to new keeps its state', async () => {
    const unread = async (id: string) =>
      (await server.deps.db.select().from(notifications).where(eq(notifications.subjectId, id))).filter(
        (notice) => notice.readAt === null,
      ).length;
    const [answered, filed, deleted] = [
      await received('to answer'),
      await received('to file'),
      await received('to delete'),
    ];
    for (const row of [answered, filed, deleted]) expect(await unread(row.id)).toBeGreaterThan(0);
    await server.post(`/api/auth/contact-messages/${answered.id}/reply`, { body: 'Done.' }, admin);
    expect(await unread(answered.id)).toBe(0);
    await server.put(`/api/auth/contact-messages/${filed.id}`, { status: 'new' }, admin);
    expect(await unread(filed.id)).toBeGreaterThan(0);
    await server.put(`/api/auth/contact-messages/${filed.id}`, { status: 'archived' }, admin);
    expect(await unread(filed.id)).toBe(0);
    await server.del(`/api/auth/contact-messages/${deleted.id}`, admin);
    expect(await unread(deleted.id)).toBe(0);
  });

  it('keeps whether a message was handled while it is archived, and forgets it when put back to new', async () => {
    const status = (id: string, to: string) => server.put(`/api/auth/contact-messages/${id}`, { status: to }, admin);
    const row = await received('answered by phone');
    expect((await server.get(`/api/auth/contact-messages/${row.id}`, admin)).body.handledAt).toBeNull();
    const handled = await status(row.id, 'handled');
    expect(handled.body.handledAt).toEqual(expect.any(String));
    const archived = await status(row.id, 'archived');
    expect(archived.body).toMatchObject({ status: 'archived', handledAt: handled.body.handledAt });
    expect((await status(row.id, 'new')).body.handledAt).toBeNull();
    const answered = await received('answered by mail');
    await server.post(`/api/auth/contact-messages/${answered.id}/reply`, { body: 'Done.' }, admin);
    expect((await status(answered.id, 'archived')).body.handledAt).toEqual(expect.any(String));
  });

  it('refuses an empty reply, and a reply to a deleted message is 404 and mails nobody', async () => {
    const row = await received();
    const empty = await server.post(`/api/auth/contact-messages/${row.id}/reply`, { body: '  ' }, admin);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Reply is required' });
    expect((await server.del(`/api/auth/contact-messages/${row.id}`, admin)).status).toBe(200);
    const late = await server.post(`/api/auth/contact-messages/${row.id}/reply`, { body: 'too late' }, admin);
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ error: 'Contact message not found.' });
    expect((await server.get(`/api/auth/contact-messages/${row.id}`, admin)).status).toBe(404);
    expect(smtp.mails.some((mail) => mail.to.includes(row.email))).toBe(false);
  });

  it('mails each new message to the administrators who asked for it, and only to them', async () => {
    const me = await server.post(
      '/api/auth/my-profile',
      { name: 'Administrator', mailOnContact: true, language: 'en' },
      admin,
    );
    expect(me.body).toMatchObject({ mailOnContact: true, language: 'en' });
    const row = await received('Is the hall free on Friday?');
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(ADMIN_EMAIL)).length).toBeGreaterThan(0);
    const mail = smtp.mails.filter((one) => one.to.includes(ADMIN_EMAIL)).at(-1)!;
    expect(mailSubject(mail.raw)).toBe('New message from Ελένη');
    expect(mailText(mail.raw)).toContain('Is the hall free on Friday?');
    expect(mailText(mail.raw)).toContain(row.email);
    await server.post('/api/auth/my-profile', { name: 'Administrator', mailOnContact: false }, admin);
  });

  it('is for those the permission rows allow: a plain member reads and changes nothing', async () => {
    const row = await received();
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.get('/api/auth/contact-messages', member.token)).status).toBe(403);
    expect(
      (await server.put(`/api/auth/contact-messages/${row.id}`, { status: 'archived' }, member.token)).status,
    ).toBe(403);
    expect((await server.post(`/api/auth/contact-messages/${row.id}/reply`, { body: 'x' }, member.token)).status).toBe(
      403,
    );
    expect((await server.del(`/api/auth/contact-messages/${row.id}`, member.token)).status).toBe(403);
    expect((await server.get('/api/auth/contact-messages')).status).toBe(401);
  });
});
