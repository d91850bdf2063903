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
    const messages: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void messages.push(JSON.parse(line).msg) });
    const job = startRetention({ database: test.database, logger, auditDays: 365 });
    void job.run();
    await job.stop();
    expect(messages).toEqual(['deleted what is past its retention']);
  });
});
