import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string };

/** A real SMTP server in the test process: the mailer speaks the protocol to it. */
/** `port`: listen where a server was told to send before this one existed (0: any free port). */
export async function startSmtpCapture(port = 0) {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    mails,
    /** Resolves with the first mail to `address`, waiting for it to arrive. */
    async waitFor(address: string, timeoutMs = 10_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < joined.length; at++) {
    const hex = joined[at] === '=' ? joined.slice(at + 1, at + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      at += 2;
    } else bytes.push(joined.charCodeAt(at));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The message with each part's body decoded (quoted-printable or base64), so tests read links and
 * Greek words whole; headers stay as sent.
 */
export function mailText(raw: string): string {
  const out: string[] = [];
  // Only a boundary line ends a body: a wrapped HTML line may itself start with "--".
  const boundaries = new Set<string>();
  for (const [, boundary] of raw.matchAll(/boundary="([^"]+)"/g)) {
    boundaries.add(`--${boundary}`).add(`--${boundary}--`);
  }
  let encoding: string | undefined;
  let body: string[] | undefined;
  const flush = () => {
    if (!body) return;
    const text = body.join('\n');
    out.push(encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text));
    body = undefined;
    encoding = undefined;
  };
  for (const line of raw.split(/\r?\n/)) {
    if (body) {
      if (!boundaries.has(line)) {
        body.push(line);
        continue;
      }
      flush();
    }
    const declared = /^Content-Transfer-Encoding: *(quoted-printable|base64)$/i.exec(line);
    if (declared) encoding = declared[1]!.toLowerCase();
    else if (line === '' && encoding) {
      body = [];
      continue;
    }
    out.push(line);
  }
  flush();
  return out.join('\n');
}

/** The Subject header, its encoded words (RFC 2047, as nodemailer writes non-ASCII) decoded. */
export const mailSubject = (raw: string): string => mailHeader(raw, 'Subject');

/** A header of the mail, its encoded words decoded (the space between two of them is no text). */
export function mailHeader(raw: string, name: string): string {
  const header = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'm').exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
