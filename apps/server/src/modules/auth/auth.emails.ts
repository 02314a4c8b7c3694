import type { MailMessage } from '../../providers/mail/index.js';

/** A name is one line of plain text in an e-mail, whatever an older row may hold. */
const plainName = (name: string) => name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export const PRODUCT_NAME = 'Atelier';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function layout(opts: { heading: string; paragraphs: string[]; button?: string; link?: string; footer: string }): string {
  const p = opts.paragraphs.map((t) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`).join('');
  const link = escapeHtml(opts.link ?? '');
  const action = opts.button
    ? `<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(opts.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52525b;line-height:1.5">If the button does not work, copy this link into your browser:<br><a href="${link}" style="color:#52525b;word-break:break-all">${link}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;letter-spacing:0.04em">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(opts.heading)}</h1>
${p}
${action}
<p style="margin:24px 0 0;font-size:13px;color:#71717a;line-height:1.5">${escapeHtml(opts.footer)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export function verificationEmail(to: string, fullName: string, link: string): MailMessage {
  const heading = `Welcome to ${PRODUCT_NAME}`;
  const lines = [
    `Hi ${plainName(fullName)},`,
    `Thanks for creating your ${PRODUCT_NAME} account. Please confirm your email address to sign in.`,
    'This link is valid for 24 hours and can be used once.',
  ];
  const footer = `If you did not create an ${PRODUCT_NAME} account, you can ignore this email.`;
  return {
    to,
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    text: `${lines.join('\n\n')}\n\nVerify your email address:\n${link}\n\n${footer}\n\n— The ${PRODUCT_NAME} team\n`,
    html: layout({ heading, paragraphs: lines, button: 'Verify email address', link, footer }),
  };
}

export function passwordResetEmail(to: string, fullName: string, link: string): MailMessage {
  const heading = 'Reset your password';
  const lines = [
    `Hi ${plainName(fullName)},`,
    `We received a request to reset the password of your ${PRODUCT_NAME} account.`,
    'This link is valid for 1 hour and can be used once.',
  ];
  const footer = 'If you did not ask to reset your password, you can ignore this email; your password stays the same.';
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${lines.join('\n\n')}\n\nChoose a new password:\n${link}\n\n${footer}\n\n— The ${PRODUCT_NAME} team\n`,
    html: layout({ heading, paragraphs: lines, button: 'Choose a new password', link, footer }),
  };
}

/** Sent after an account is deleted: what was removed, and whether a paid subscription was cancelled. */
export function accountDeletedEmail(to: string, fullName: string, subscriptionCancelled: boolean): MailMessage {
  const heading = `Your ${PRODUCT_NAME} account has been deleted`;
  const lines = [
    `Hi ${plainName(fullName)},`,
    `Your ${PRODUCT_NAME} account and everything in it have been deleted: your uploads, renders, masks, overlays and profile picture are removed, links to them no longer work, and your public images have left Explore.`,
    subscriptionCancelled
      ? 'Your subscription has been cancelled with immediate effect; you will not be charged again.'
      : 'You had no paid subscription, so nothing will be charged.',
    'Every device that was signed in has been signed out.',
  ];
  const footer = `If you did not delete your account, please contact us by replying to this email.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account has been deleted`,
    text: `${lines.join('\n\n')}\n\n${footer}\n\n— The ${PRODUCT_NAME} team\n`,
    html: layout({ heading, paragraphs: lines, footer }),
  };
}

/** A studio's invitation (issue 32): the link joins the team, through registration if need be. */
export function teamInvitationEmail(to: string, inviterName: string, teamName: string, link: string, days: number): MailMessage {
  const heading = `Join ${plainName(teamName)} on ${PRODUCT_NAME}`;
  const lines = [
    `${plainName(inviterName)} invited you to the team "${plainName(teamName)}" on ${PRODUCT_NAME}.`,
    `Open the link to join; if you have no account yet, create one with this address (${to}) first.`,
    `This link is valid for ${days} days and can be used once.`,
  ];
  const footer = 'If you did not expect this invitation, you can ignore this email.';
  return {
    to,
    subject: `${plainName(inviterName)} invited you to ${plainName(teamName)} on ${PRODUCT_NAME}`,
    text: `${lines.join('\n\n')}\n\nJoin the team:\n${link}\n\n${footer}\n\n— The ${PRODUCT_NAME} team\n`,
    html: layout({ heading, paragraphs: lines, button: 'Join the team', link, footer }),
  };
}
