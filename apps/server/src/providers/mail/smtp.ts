import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Delivers through an SMTP server given as a URL (smtp://user:pass@host:587, smtps://…:465). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(msg) {
      await transport.sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text, html: msg.html, replyTo: msg.replyTo, attachments: msg.attachments });
    },
    close: () => transport.close(),
  };
}
