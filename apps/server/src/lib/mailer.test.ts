import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { mailHeader, startSmtpCapture } from '../test/smtp-capture.js';
import { createMailer } from './mailer.js';

const logger = pino({ level: 'silent' });

describe('createMailer', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-mail-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message to the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Community <no-reply@test>', dataDir, logger });
    await mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body with a link https://x.test/a' });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: someone@example.test');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('https://x.test/a');
    mailer.close();
  });

  it('removes from the outbox the messages older than it keeps mail, and nothing else', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Community <no-reply@test>', dataDir, logger });
    const outbox = path.join(dataDir, 'outbox');
    for (const subject of ['Old', 'Recent']) await mailer.send({ to: 'someone@example.test', subject, text: 'Body' });
    const [old] = fs
      .readdirSync(outbox)
      .filter((name) => fs.readFileSync(path.join(outbox, name), 'utf8').includes('Subject: Old'));
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(outbox, old!), monthAgo, monthAgo);
    fs.writeFileSync(path.join(outbox, 'notes.txt'), 'kept');
    fs.utimesSync(path.join(outbox, 'notes.txt'), monthAgo, monthAgo);
    const before = fs.readdirSync(outbox).length;

    expect(await mailer.pruneOutbox(30)).toBe(1);
    expect(fs.readdirSync(outbox)).toHaveLength(before - 1);
    expect(fs.existsSync(path.join(outbox, old!))).toBe(false);
    expect(fs.existsSync(path.join(outbox, 'notes.txt'))).toBe(true);
    mailer.close();
  });

  it('speaks SMTP to the configured server', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Community <no-reply@test>', dataDir, logger });
      await mailer.send({ to: 'member@example.test', subject: 'Reset', text: 'Open the link' });
      const mail = await smtp.waitFor('member@example.test');
      expect(mail.raw).toContain('Subject: Reset');
      expect(mail.raw).toContain('Open the link');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('names the sender in any script', async () => {
    const smtp = await startSmtpCapture();
    try {
      const from = { name: 'Κοινότητα', address: 'no-reply@example.org' };
      const mailer = createMailer({ smtpUrl: smtp.url, from, dataDir, logger });
      await mailer.send({ to: 'member@example.test', subject: 'Reset', text: 'Open the link' });
      const mail = await smtp.waitFor('member@example.test');
      expect(mailHeader(mail.raw, 'From')).toBe('Κοινότητα <no-reply@example.org>');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });

  it('reports a failure when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@test', dataDir, logger });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(
      /ECONNREFUSED|connect/i,
    );
    mailer.close();
  });
});
