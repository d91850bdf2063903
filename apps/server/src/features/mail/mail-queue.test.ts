import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notifications, users } from '../../db/schema.js';
import { uniqueEmail } from '../../test/factories.js';
import { mailSubject, startSmtpCapture } from '../../test/smtp-capture.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';
import { newId } from '../../lib/ids.js';
import { deleteOldMail, MAIL_MAX_ATTEMPTS } from './mail-queue.js';

let server: TestServer;
let admin: string;
let smtpPort: number;
beforeAll(async () => {
  // A port nothing listens on yet: the mail server is down until a test starts one there.
  const probe = await startSmtpCapture();
  smtpPort = probe.port;
  await probe.close();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_SECONDS: '1' });
  admin = await server.adminToken();
});
afterAll(() => server.close());

const queuedTo = async (email: string) =>
  (await server.deps.db.select().from(mailQueue).where(eq(mailQueue.to, email)))[0];

describe('the mail queue with the mail server down', () => {
  it('lets the action succeed, keeps the mail with its error and sends it once the server answers', async () => {
    const email = uniqueEmail('queued');
    const created = await server.post('/api/auth/invites', { email }, admin);
    expect(created.status).toBe(201);
    await expect.poll(async () => (await queuedTo(email))?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const waiting = (await queuedTo(email))!;
    expect(waiting).toMatchObject({ kind: 'invite', sentAt: null, failedAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(waiting.createdAt.getTime());

    const smtp = await startSmtpCapture(smtpPort);
    try {
      const mail = await smtp.waitFor(email, 20_000);
      expect(mailSubject(mail.raw)).toBe('Πρόσκληση στην Κοινότητα');
      await expect.poll(async () => (await queuedTo(email))?.sentAt).not.toBeNull();
      expect(smtp.mails.filter((one) => one.to.includes(email))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  }, 40_000);

  it('counts a mail as failed after its last attempt and tells the administrators', async () => {
    const email = uniqueEmail('failing');
    expect((await server.post('/api/auth/invites', { email }, admin)).status).toBe(201);
    await expect.poll(async () => (await queuedTo(email))?.attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await server.deps.db
      .update(mailQueue)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date() })
      .where(eq(mailQueue.to, email));
    server.deps.mail.kick();
    await expect.poll(async () => (await queuedTo(email))?.failedAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    expect((await queuedTo(email))!.attempts).toBe(MAIL_MAX_ATTEMPTS);
    const [adminUser] = await server.deps.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const told = await server.deps.db.select().from(notifications).where(eq(notifications.userId, adminUser!.id));
    expect(told.find((one) => one.body?.includes(email))).toMatchObject({ title: 'A mail could not be sent' });
  }, 30_000);
});

describe('mail kept for the record', () => {
  it('is deleted 30 days after it was sent or failed, and never while it waits', async () => {
    const day = 24 * 3600_000;
    const row = (to: string, fields: Partial<typeof mailQueue.$inferInsert>) => ({
      id: newId(),
      kind: 'invite',
      to,
      subject: 's',
      text: 't',
      html: '<p>h</p>',
      nextAttemptAt: new Date(Date.now() + 3600_000),
      ...fields,
    });
    const [old, recent, failed, waiting] = ['old', 'recent', 'failed', 'waiting'].map((name) => uniqueEmail(name));
    await server.deps.db
      .insert(mailQueue)
      .values([
        row(old!, { sentAt: new Date(Date.now() - 31 * day) }),
        row(recent!, { sentAt: new Date(Date.now() - 29 * day) }),
        row(failed!, { failedAt: new Date(Date.now() - 31 * day) }),
        row(waiting!, { createdAt: new Date(Date.now() - 40 * day) }),
      ]);
    expect(await deleteOldMail(server.deps.db)).toBeGreaterThanOrEqual(2);
    expect(await queuedTo(old!)).toBeUndefined();
    expect(await queuedTo(failed!)).toBeUndefined();
    expect(await queuedTo(recent!)).toBeDefined();
    expect(await queuedTo(waiting!)).toBeDefined();
  });
});
