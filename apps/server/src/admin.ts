import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { findUserByEmail } from './modules/auth/auth.service.js';
import { grantDueAllowances, subscriptionAndCredits } from './modules/billing/index.js';
import { setStudentFlag } from './modules/billing/students.js';
import { adjustCredits } from './modules/credits/index.js';

/**
 * Operator commands: `npm run admin -- <command>`.
 *
 *   student EMAIL [--off]            mark (or unmark) an account as a verified student
 *   credits EMAIL AMOUNT [REASON…]   add (or, negative, remove) credits, written to the ledger
 *   show EMAIL                       the account's plan and balance
 *   allowances                       grant due monthly allowances now (the scheduler's job)
 */

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  student EMAIL [--off]            mark (or unmark) an account as a verified student
  credits EMAIL AMOUNT [REASON...] add (or, with a negative AMOUNT, remove) credits
  show EMAIL                       show the account's plan and credit balance
  allowances                       grant due monthly plan allowances now
`;

export interface AdminResult {
  code: number;
  output: string;
}

export async function runAdmin(args: string[], deps: { db: Db; log: FastifyBaseLogger }): Promise<AdminResult> {
  const [command, ...rest] = args;
  const fail = (output: string): AdminResult => ({ code: 1, output });
  const noAccount = (email: string) => fail(`No account with the e-mail ${email}.`);

  switch (command) {
    case 'student': {
      const email = rest.find((a) => !a.startsWith('--'));
      if (!email) return fail(ADMIN_USAGE);
      const on = !rest.includes('--off');
      if (!(await setStudentFlag(deps.db, email, on))) return noAccount(email);
      return { code: 0, output: on ? `${email} is now a verified student.` : `${email} is no longer marked as a student.` };
    }
    case 'credits': {
      const [email, rawAmount, ...reasonWords] = rest;
      const amount = Number(rawAmount);
      if (!email || !Number.isInteger(amount) || amount === 0) return fail(ADMIN_USAGE);
      const user = await findUserByEmail(deps.db, email);
      if (!user) return noAccount(email);
      const reason = reasonWords.join(' ').trim() || (amount > 0 ? 'Credits added by support' : 'Credits removed by support');
      const r = await adjustCredits(deps.db, {
        userId: user.id,
        amount,
        idempotencyKey: `admin:${user.id}:${Date.now()}:${Math.random().toString(36).slice(2)}`,
        description: reason,
        refType: 'admin',
      });
      return { code: 0, output: `${email}: balance is now ${r.balance} credits.` };
    }
    case 'show': {
      const [email] = rest;
      if (!email) return fail(ADMIN_USAGE);
      const user = await findUserByEmail(deps.db, email);
      if (!user) return noAccount(email);
      const { subscription, credits } = await subscriptionAndCredits(deps.db, user.id);
      const plan =
        subscription.planType === 'FREE'
          ? 'FREE'
          : `${subscription.planType} ${subscription.billingCycle} (${subscription.status}${subscription.cancelAtPeriodEnd ? ', cancels at period end' : ''}), period ends ${subscription.currentPeriodEnd}`;
      return { code: 0, output: `${user.email}\n  plan: ${plan}\n  credits: ${credits}\n  student flag: ${user.isStudent}` };
    }
    case 'allowances': {
      const r = await grantDueAllowances(deps);
      return { code: r.failed ? 1 : 0, output: `Processed ${r.processed} subscription(s), ${r.failed} failed.` };
    }
    default:
      return fail(ADMIN_USAGE);
  }
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const result = await runAdmin(process.argv.slice(2), { db: database.db, log });
    (result.code === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    process.exitCode = result.code;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
