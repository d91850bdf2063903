import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { deleteAuditOlderThan } from '../audit/audit-retention.js';
import { deleteOldMail, MAIL_KEPT_DAYS } from '../mail/mail-queue.js';
import { deleteSpentChallenges } from '../mfa/mfa.queries.js';
import { deleteExpiredSessions } from '../sessions/sessions.queries.js';

/** Often enough that nothing stays long past its time, rarely enough to cost nothing. */
const RUN_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first pass waits until start-up is well over. */
const FIRST_RUN_AFTER_MS = 60 * 1000;

/** `stop` waits for a pass under way, so shutting down never closes the database beneath it. */
export type RetentionJob = { run(): Promise<void>; stop(): Promise<void> };

/**
 * Removes what is kept no longer: audit entries older than `auditDays`, sessions that ran out,
 * second-factor challenges used or expired, mail sent or failed more than 30 days ago (and the
 * outbox's copies, without SMTP); then runs the engine's upkeep where it does none of its own.
 * On one instance at a time, a minute after start and every six hours.
 */
export function startRetention(options: {
  database: Database;
  mailer: Mailer;
  logger: Logger;
  auditDays: number;
}): RetentionJob {
  const { database, mailer, logger, auditDays } = options;
  const pass = async () => {
    try {
      await database.tryJobLock(ADVISORY_LOCKS.retention, async () => {
        const entries = await deleteAuditOlderThan(database.db, auditDays);
        const sessions = await deleteExpiredSessions(database.db);
        const challenges = await deleteSpentChallenges(database.db);
        const mails = await deleteOldMail(database.db);
        const outboxFiles = await mailer.pruneOutbox(MAIL_KEPT_DAYS);
        if (entries + sessions + challenges + mails + outboxFiles > 0) {
          logger.info(
            { entries, sessions, challenges, mails, outboxFiles, auditDays },
            'deleted what is past its retention',
          );
        }
        const started = performance.now();
        const tables = await database.upkeep();
        if (tables.length > 0) {
          const ms = Math.round(performance.now() - started);
          logger.info({ tables, ms }, 'vacuumed and analysed the tables that were due');
        }
      });
    } catch (error) {
      logger.warn({ err: error }, 'retention failed; it runs again later');
    }
  };
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(pass);
    return running;
  };
  const first = setTimeout(() => void run(), FIRST_RUN_AFTER_MS);
  const timer = setInterval(() => void run(), RUN_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    run,
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
