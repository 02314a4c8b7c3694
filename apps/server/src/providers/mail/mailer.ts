/** One e-mail: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (support mail: the user who wrote). */
  replyTo?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends e-mail. `smtp` delivers through SMTP_URL; `outbox` writes .eml files (the offline default). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(msg: MailMessage): Promise<void>;
  close?(): void;
}
