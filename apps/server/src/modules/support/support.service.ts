import { SUPPORT_TOPIC_LABELS, type SupportRequestFields } from '@atelier/contract';
import type { AppContext } from '../../context.js';
import { findUserById } from '../auth/index.js';
import { notFound } from '../../lib/errors.js';

export interface SupportAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A message from the /support form: to SUPPORT_EMAIL (reply-to the user, the attachment
 * attached), and a receipt to the user. A student verification request names the command that
 * approves it (the admin CLI then e-mails the user).
 */
export async function sendSupportRequest(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  userId: number,
  fields: SupportRequestFields,
  attachment: SupportAttachment | null,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('Account not found');
  const topic = SUPPORT_TOPIC_LABELS[fields.topic];
  const student = fields.topic === 'student_verification';
  const approve = `npm run admin -- student ${user.email}`;
  const subject = student ? `Student verification request: ${user.email}` : `[Support] ${topic} from ${user.email}`;
  const lines = [
    `From: ${user.fullName} <${user.email}> (account ${user.id})`,
    `Topic: ${topic}`,
    '',
    fields.message,
    ...(student ? ['', `To approve the student discount: ${approve}`] : []),
    ...(attachment ? ['', `Attachment: ${attachment.filename}`] : []),
  ];
  await ctx.mailer.send({
    to: ctx.config.SUPPORT_EMAIL,
    replyTo: user.email,
    subject,
    text: lines.join('\n'),
    html: `<pre style="font:14px/1.5 system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
    attachments: attachment ? [attachment] : undefined,
  });
  const receipt = student
    ? 'We received your student verification request. We check it and write to you when your account is verified; the student plans then open to you.'
    : 'We received your message and answer by e-mail, usually within one working day.';
  await ctx.mailer.send({
    to: user.email,
    subject: `We received your message: ${topic}`,
    text: `Hello ${user.fullName.split(/\s+/)[0] || ''},\n\n${receipt}\n\nYour message:\n${fields.message}\n\nThe Atelier team`,
    html: `<p>Hello ${escapeHtml(user.fullName.split(/\s+/)[0] || '')},</p><p>${escapeHtml(receipt)}</p><p>Your message:</p><blockquote>${escapeHtml(fields.message).replace(/\n/g, '<br>')}</blockquote><p>The Atelier team</p>`,
  });
}
