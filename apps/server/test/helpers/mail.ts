import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Undoes quoted-printable (soft line breaks and =XX escapes, as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface ParsedMail {
  raw: string;
  headers: Record<string, string>;
  /** Decoded bodies by content type (text/plain, text/html). */
  parts: Record<string, string>;
}

/** Reads an RFC 822 message as nodemailer writes it: headers plus a multipart/alternative body. */
export function parseMail(raw: string): ParsedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const body = rest.join('\r\n\r\n');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  for (const section of sections) {
    const [partHead, ...partBody] = section.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const h = parseHeaders(partHead);
    let content = partBody.join('\r\n\r\n');
    const encoding = (h['content-transfer-encoding'] ?? '').toLowerCase();
    if (encoding === 'quoted-printable') content = decodeQuotedPrintable(content);
    if (encoding === 'base64') content = Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    const type = (h['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
    parts[type] = content;
  }
  return { raw, headers, parts };
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** The first link to `linkPath` (e.g. /auth/verify-email) with its token, from a message's text part. */
export function linkIn(mail: ParsedMail, linkPath: string): URL {
  const text = mail.parts['text/plain'] ?? '';
  const match = text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => new URL(u).pathname === linkPath);
  if (!match) throw new Error(`no ${linkPath} link in:\n${text}`);
  return new URL(match);
}

/** The .eml files of DATA_DIR/outbox, oldest first. */
export function outboxMessages(dataDir: string): ParsedMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** Waits until `find` returns something (mail is sometimes sent after the reply). */
export async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The newest outbox message to `to`, waiting for it to arrive. */
export function nextOutboxMail(dataDir: string, to: string, subject?: RegExp): Promise<ParsedMail> {
  return waitFor(
    () =>
      outboxMessages(dataDir)
        .reverse()
        .find((m) => m.headers.to?.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(m.headers.subject ?? ''))),
    `an e-mail to ${to}`,
  );
}

export interface SmtpCapture {
  url: string;
  messages: ParsedMail[];
  envelopes: { from: string; to: string[] }[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a random local port that keeps what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const envelopes: { from: string; to: string[] }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        envelopes.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
