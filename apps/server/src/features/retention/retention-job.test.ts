import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { startRetention } from './retention-job.js';

describe('the retention job', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('is stopped only once a pass under way has finished', async () => {
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    await test.database.db
      .insert(auditEvents)
      .values(Array.from({ length: 50 }, () => ({ id: crypto.randomUUID(), at: old, action: 'user.update' })));
    const { messages } = await onePass();
    expect(messages[0]).toBe('deleted what is past its retention');
  });

  it('then vacuums and analyses the tables that grew, where the engine does not', async () => {
    await test.database.db
      .insert(auditEvents)
      .values(Array.from({ length: 500 }, () => ({ id: crypto.randomUUID(), action: 'user.update' })));
    const { lines } = await onePass();
    const upkept = lines.find((line) => line.msg === 'vacuumed and analysed the tables that had grown');
    if (test.database.kind === 'pglite') expect(upkept?.tables).toContain('audit_events');
    else expect(upkept).toBeUndefined();
    expect(await onePass()).toEqual({ lines: [], messages: [] });
  });

  async function onePass() {
    const lines: { msg: string; tables?: string[] }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const job = startRetention({ database: test.database, logger, auditDays: 365 });
    void job.run();
    await job.stop();
    return { lines, messages: lines.map((line) => line.msg) };
  }
});
