import { and, asc, eq, isNull, lte, min, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages, type Language } from '@community/shared';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import type { Database, Db } from '../../db/client.js';
import { mailQueue, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { notifyAdmins } from '../notifications/notify.js';
import type { MailKind, MailProps } from './render-mail.js';

/** Tried this many times, with the wait doubling from the first retry's, before it counts as failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** Rows due are looked for this often even when nothing was queued here (retries, other instances). */
const POLL_MS = 30_000;
const BATCH = 20;
/** Longer than a write takes from queuing its mail to its answer. */
const RECENT_MS = 10_000;

export type Recipient = { email: string; language: Language | null };

/** A person as mail addresses them: where, in which language, by which name. */
export async function recipientOf(db: Db, userId: string): Promise<(Recipient & { name: string }) | undefined> {
  const [row] = await db
    .select({ name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type MailQueue = {
  /** Renders a mail and stores it in the caller's transaction: it is sent once that has committed. */
  queue<K extends MailKind>(
    tx: Db,
    kind: K,
    to: Recipient,
    props: MailProps<K>,
    options?: { replyTo?: string },
  ): Promise<void>;
  /**
   * Whether this instance queued mail in the last few seconds: the answer to a write then starts
   * the sending. That answer comes after its transaction committed, so the run it starts sees the
   * mail; a run started by another request may have looked before that commit.
   */
  queuedRecently(): boolean;
  /** Sends what is due now, unless a run is already going. */
  kick(): void;
  stop(): Promise<void>;
};

/**
 * Mail goes out from a table, not from the request: an SMTP server that is down delays mail, it
 * loses none, and a mail never goes out for a change that was rolled back. One instance sends at a
 * time; each failure waits twice as long as the one before.
 */
export function createMailQueue(options: {
  database: Database;
  mailer: Mailer;
  logger: Logger;
  siteName: string;
  publicUrl: string;
  timeZone: string;
  retryBaseMs: number;
}): MailQueue {
  const { database, mailer, logger, siteName, publicUrl, timeZone, retryBaseMs } = options;
  const { db } = database;
  let lastQueuedAt = 0;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const retryDelay = (attempts: number) => retryBaseMs * 2 ** (attempts - 1);

  async function sendOne(row: typeof mailQueue.$inferSelect) {
    const attempts = row.attempts + 1;
    try {
      await mailer.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await db.update(mailQueue).set({ attempts, sentAt: new Date(), lastError: null }).where(eq(mailQueue.id, row.id));
    } catch (error) {
      const lastError = (error as Error).message.slice(0, 500);
      if (attempts < MAIL_MAX_ATTEMPTS) {
        const delay = retryDelay(attempts);
        logger.warn({ kind: row.kind, attempts, retryInMs: delay, err: lastError }, 'mail not sent; it is tried again');
        await db
          .update(mailQueue)
          .set({ attempts, lastError, nextAttemptAt: new Date(Date.now() + delay) })
          .where(eq(mailQueue.id, row.id));
        return;
      }
      logger.error({ kind: row.kind, attempts, err: lastError }, 'mail not sent after every attempt');
      await db.transaction(async (tx) => {
        await tx.update(mailQueue).set({ attempts, lastError, failedAt: new Date() }).where(eq(mailQueue.id, row.id));
        await notifyAdmins(tx, {
          title: messages.mailFailedTitle,
          body: messages.mailFailedBody(row.to, row.subject, lastError),
        });
      });
    }
  }

  const waiting = and(isNull(mailQueue.sentAt), isNull(mailQueue.failedAt));

  async function sendDue() {
    for (;;) {
      const due = await db
        .select()
        .from(mailQueue)
        .where(and(waiting, lte(mailQueue.nextAttemptAt, new Date())))
        .orderBy(asc(mailQueue.nextAttemptAt))
        .limit(BATCH);
      for (const row of due) {
        if (stopped) return;
        await sendOne(row);
      }
      if (due.length < BATCH) return;
    }
  }

  async function nextDueInMs(): Promise<number> {
    const [row] = await db
      .select({ next: min(mailQueue.nextAttemptAt) })
      .from(mailQueue)
      .where(waiting);
    return row?.next ? Math.max(0, new Date(row.next).getTime() - Date.now()) : POLL_MS;
  }

  async function run() {
    clearTimeout(timer);
    let wait = POLL_MS;
    try {
      await database.tryJobLock(ADVISORY_LOCKS.mailQueue, sendDue);
      wait = Math.min(POLL_MS, await nextDueInMs());
    } catch (error) {
      logger.warn({ err: error }, 'the mail queue could not be read; it is tried again');
    }
    if (!stopped) {
      timer = setTimeout(kick, wait);
      timer.unref();
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        kick();
      }
    });
  }

  // What earlier runs left (a crash, a restart while the mail server was down) goes out now.
  setImmediate(kick);

  return {
    queue: async (tx, kind, to, props, extra) => {
      const { renderMail } = await import('./render-mail.js');
      const mail = await renderMail(kind, props, { language: to.language ?? 'el', siteName, publicUrl, timeZone });
      await tx.insert(mailQueue).values({ id: newId(), kind, to: to.email, replyTo: extra?.replyTo ?? null, ...mail });
      lastQueuedAt = Date.now();
    },
    queuedRecently: () => Date.now() - lastQueuedAt < RECENT_MS,
    kick,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** How long sent and failed mail is kept for the record: in the queue, and in the outbox without SMTP. */
export const MAIL_KEPT_DAYS = 30;

export async function deleteOldMail(db: Db, days = MAIL_KEPT_DAYS): Promise<number> {
  const deleted = await db
    .delete(mailQueue)
    .where(sql`coalesce(${mailQueue.sentAt}, ${mailQueue.failedAt}) < now() - make_interval(days => ${days})`)
    .returning({ id: mailQueue.id });
  return deleted.length;
}
