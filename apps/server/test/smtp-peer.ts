import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes decoded. */
  text: string;
  subject: string;
}

/** Decodes the quoted-printable parts of a raw message well enough to read links and words. */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of mails we send;
 * `delayMs`: it answers each message that long after receiving it (a slow server, a job in flight).
 */
export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<{
  url: string;
  mails: ReceivedMail[];
  /** How many messages it has begun to receive (answered or not). */
  receiving: () => number;
  waitFor: (to: string, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Refuses mail to `to` from now on with this reply code (4xx: for a while, 5xx: for good). */
  refuse: (to: string, code: number) => void;
  /** Accepts mail to `to` again. */
  accept: (to: string) => void;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const refused = new Map<string, number>();
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address);
      if (code === undefined) return callback();
      callback(Object.assign(new Error(`Mailbox ${address.address} refused`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const text = decodeQuotedPrintable(raw);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text,
          subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? '',
        });
        setTimeout(() => callback(), options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    receiving: () => receiving,
    async waitFor(to, timeoutMs = 5000) {
      const start = Date.now();
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to)).at(-1);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    refuse: (to, code) => void refused.set(to, code),
    accept: (to) => void refused.delete(to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
