import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.js';

/**
 * The offline default: every message becomes one RFC 822 file (text and HTML parts) in `dir`,
 * and its links are written to the log so a developer can follow them without a mail server.
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(msg) {
      const info = await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, replyTo: msg.replyTo, attachments: msg.attachments });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = msg.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
      log.info({ to: msg.to, subject: msg.subject, file, links }, `E-mail written to the outbox: ${links.join(' ') || file}`);
    },
  };
}
