import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.js';
import { createMailer } from '../../lib/mailer.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { startRetention } from './retention-job.js';

describe('the retention job', () => {
  let test: TestDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-'));
  const mailer = createMailer({ smtpUrl: undefined, from: 'x@test', dataDir, logger: pino({ level: 'silent' }) });
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    mailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await test.drop();
  });

  it('is stopped only once a pass under way has finished', async () => {
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    await test.database.db
      .insert(auditEvents)
      .values(Array.from({ length: 50 }, () => ({ id: crypto.randomUUID(), at: old, action: 'user.update' })));
    const { messages } = await onePass();
    expect(messages[0]).toBe('deleted what is past its retention');
  });

  it('removes the outbox’s mail older than the queue keeps it', async () => {
    await mailer.send({ to: 'someone@example.test', subject: 'A link', text: 'https://x.test/reset' });
    const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    fs.utimesSync(path.join(dataDir, 'outbox', file!), monthAgo, monthAgo);
    const { lines } = await onePass();
    expect(lines[0]).toMatchObject({ msg: 'deleted what is past its retention', outboxFiles: 1 });
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toEqual([]);
  });

  it('then vacuums and analyses the tables that grew, where the engine does not', async () => {
    await test.database.db
      .insert(auditEvents)
      .values(Array.from({ length: 500 }, () => ({ id: crypto.randomUUID(), action: 'user.update' })));
    const { lines } = await onePass();
    const upkept = lines.find((line) => line.msg === 'vacuumed and analysed the tables that were due');
    if (test.database.kind === 'pglite') expect(upkept?.tables).toContain('audit_events');
    else expect(upkept).toBeUndefined();
    expect(await onePass()).toEqual({ lines: [], messages: [] });
  });

  async function onePass() {
    const lines: { msg: string; tables?: string[]; outboxFiles?: number }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const job = startRetention({ database: test.database, mailer, logger, auditDays: 365 });
    void job.run();
    await job.stop();
    return { lines, messages: lines.map((line) => line.msg) };
  }
});
