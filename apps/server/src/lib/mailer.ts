import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailSender } from '../config/env.js';

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Removes the outbox's messages written more than `days` ago; answers how many. */
  pruneOutbox(days: number): Promise<number>;
  close(): void;
};

/**
 * The transport, with nodemailer itself, is made at the first message: most instances send mail
 * rarely, and an idle one need not hold it.
 */
function lazyTransport(make: (mailer: typeof import('nodemailer')) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then((module) => make(module.default))),
    close: () => void transport?.then((made) => made.close()),
  };
}

/** SMTP when configured; otherwise each message becomes an .eml file in the outbox folder. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: MailSender;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000 }),
    );
    return {
      send: async (mail) => {
        await (await transport.get()).sendMail({ from, ...mail });
      },
      pruneOutbox: async () => 0,
      close: transport.close,
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  logger.info({ outbox }, 'SMTP_URL is not set: mail, with its links, is written to the outbox folder');
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    send: async (mail) => {
      // The stream transport answers the message it built.
      const info = (await (await transport.get()).sendMail({ from, ...mail })) as { message: Buffer };
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await fs.writeFile(file, info.message, { mode: 0o600 });
      logger.info({ file: path.basename(file) }, 'mail written to the outbox');
    },
    // Its messages carry sign-in links and personal data: kept as long as the mail queue keeps
    // what it sent, no longer.
    pruneOutbox: async (days) => {
      const before = Date.now() - days * 24 * 60 * 60 * 1000;
      const names = await fs.readdir(outbox).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((file) => file.endsWith('.eml'))) {
        const file = path.join(outbox, name);
        // Someone reading the outbox may have removed it meanwhile.
        const stats = await fs.stat(file).catch(() => undefined);
        if (stats && stats.mtimeMs < before) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    close: transport.close,
  };
}
