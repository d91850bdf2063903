import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background.js';
import { errorSerializer } from './loggable-error.js';

describe('createBackgroundTasks', () => {
  it('logs a failed task without the query and its parameters', async () => {
    const lines: string[] = [];
    // The server's logger writes failures through errorSerializer (app.ts).
    const logger = pino(
      { level: 'info', serializers: { err: errorSerializer } },
      { write: (line: string) => void lines.push(line) },
    );
    const tasks = createBackgroundTasks(logger);
    const cause = Object.assign(new Error('relation "mail_queue" does not exist'), { code: '42P01' });
    tasks.run('notify', () =>
      Promise.reject(
        new Error('Failed query: insert into "mail_queue" ("to") values ($1)\nparams: member@example.org', { cause }),
      ),
    );
    await tasks.drain();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { msg: string; task: string; err: { code: string; message: string } };
    expect(entry).toMatchObject({ msg: 'background task failed', task: 'notify' });
    expect(entry.err).toMatchObject({ code: '42P01', message: 'relation "mail_queue" does not exist' });
    expect(lines[0]).not.toContain('member@example.org');
  });
});
