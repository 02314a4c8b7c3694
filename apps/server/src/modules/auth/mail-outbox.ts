import type { AppContext } from '../../context.js';
import type { MailMessage } from '../../providers/mail/index.js';

/** Sends the auth e-mails, now or in the background. */
export function createMailOutbox(deps: Pick<AppContext, 'mailer' | 'log'>) {
  const { log } = deps;
  const pending = new Set<Promise<void>>();

  /** Sends one e-mail; a failure is logged, never thrown (the caller reports it as emailSent false). */
  async function deliver(msg: MailMessage): Promise<boolean> {
    try {
      await deps.mailer.send(msg);
      return true;
    } catch (err) {
      log.error({ err, to: msg.to, subject: msg.subject }, 'could not send e-mail');
      return false;
    }
  }

  /**
   * Work whose outcome must not show in the reply (or its timing): resend and forgot-password
   * answer the same for every address, then do the lookup and the sending here.
   */
  function inBackground(what: string, work: () => Promise<void>): void {
    const p = work()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  return {
    deliver,
    inBackground,
    /** Waits for background e-mail work (used on shutdown). */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
