import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp.js';

export type { Mailer, MailMessage } from './mailer.js';
export { createOutboxMailer } from './outbox.js';

/** SMTP when SMTP_URL is set, else the outbox in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return createOutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}
