import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfigOrExit, type Config } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { gpuModels, type EngineConfig } from './engines/index.js';
import { EnginePreflight, formatReport } from './engines/preflight.js';
import { findUserByEmail, setOperatorRole } from './modules/auth/index.js';
import { getCatalog, grantDueAllowances, subscriptionAndCredits } from './modules/billing/index.js';
import { setStudentFlag } from './modules/billing/students.js';
import { adjustCredits } from './modules/credits/index.js';
import { progressPrinter, runStorageCopy, type AdminResult } from './admin-storage.js';
import { runBackup, runRestore, runVerifyBackup } from './operations/commands.js';
import { runDbCopy } from './operations/db-copy.js';
import type { CopyProgress } from './providers/storage/copy.js';
import { createMailer, type Mailer, type MailMessage } from './providers/mail/index.js';
import {
  createPaymentProvider,
  isStripeProvider,
  type PaymentProvider,
  type StripePaymentProvider,
} from './providers/payments/index.js';

/**
 * Operator commands: `npm run admin -- <command>`.
 *
 *   student EMAIL [--off]            mark (or unmark) an account as a verified student
 *   credits EMAIL AMOUNT [REASON…]   add (or, negative, remove) credits, written to the ledger
 *   show EMAIL                       the account's plan and balance
 *   allowances                       grant due monthly allowances now (the scheduler's job)
 *   stripe-check                     check every catalog price exists in Stripe under its lookup key
 *   engine-check                     check the ComfyUI server (COMFYUI_URL) has every node and model the workflows use
 *   storage-copy --to s3             copy every file from DATA_DIR to the S3 bucket (resumable)
 *   make-operator EMAIL [--off]      give (or take) the operator role: the console at /admin
 *   db-copy, backup, restore, verify-backup   see operations/ (they open the database themselves)
 */

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  student EMAIL [--off]            mark (or unmark) an account as a verified student
  credits EMAIL AMOUNT [REASON...] add (or, with a negative AMOUNT, remove) credits
  show EMAIL                       show the account's plan and credit balance
  allowances                       grant due monthly plan allowances now
  stripe-check                     check that Stripe has every catalog price under its lookup key
  engine-check                     check that ComfyUI (COMFYUI_URL) has every node and model file the workflows use
  storage-copy --to s3             copy every file from DATA_DIR to the S3 bucket (S3_*), resumable
  make-operator EMAIL [--off]      give (or take) the operator role: the operator's console at /admin
  db-copy --to postgres://... [--resume]  copy the embedded database into an empty PostgreSQL database
  backup --out DIR [--files=reference]    a consistent snapshot: the database and every file, with a manifest
  restore --from DIR               rebuild an empty installation (DATABASE_URL or DATA_DIR, STORAGE) from a backup
  verify-backup DIR                check a backup's files against its manifest (sizes, SHA-256, references)
`;


/** The e-mail a student gets when their verification is approved. */
export function studentApprovedMail(to: string): MailMessage {
  const text =
    'Your student status is verified. The plans for students and educators (25% cheaper) are now open to you on the Subscription page.\n\nThe Atelier team';
  return { to, subject: 'Your student status is verified', text, html: `<p>${text.replace('\n\n', '</p><p>')}</p>` };
}

export async function runAdmin(
  args: string[],
  deps: { db: Db; log: FastifyBaseLogger; payments?: PaymentProvider; config?: EngineConfig; mailer?: Mailer },
): Promise<AdminResult> {
  const [command, ...rest] = args;
  const fail = (output: string): AdminResult => ({ code: 1, output });
  const noAccount = (email: string) => fail(`No account with the e-mail ${email}.`);

  switch (command) {
    case 'student': {
      const email = rest.find((a) => !a.startsWith('--'));
      if (!email) return fail(ADMIN_USAGE);
      const on = !rest.includes('--off');
      if (!(await setStudentFlag(deps.db, email, on))) return noAccount(email);
      // Approving a request from the /support form: the student hears it by e-mail.
      if (on && deps.mailer) await deps.mailer.send(studentApprovedMail(email));
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
    case 'make-operator': {
      const email = rest.find((a) => !a.startsWith('--'));
      if (!email) return fail(ADMIN_USAGE);
      const on = !rest.includes('--off');
      // The only way the role is given: no API call can set it.
      if (!(await setOperatorRole(deps.db, email, on))) return fail(`No person's account with the e-mail ${email}.`);
      return { code: 0, output: on ? `${email} is now an operator: the console is at /admin.` : `${email} is no longer an operator.` };
    }
    case 'allowances': {
      const r = await grantDueAllowances(deps);
      return { code: r.failed ? 1 : 0, output: `Processed ${r.processed} subscription(s), ${r.failed} failed.` };
    }
    case 'stripe-check': {
      if (!deps.payments || !isStripeProvider(deps.payments)) {
        return fail('Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
      }
      return checkStripePrices(deps.payments);
    }
    case 'engine-check':
      return checkEngine(deps.config);
    default:
      return fail(ADMIN_USAGE);
  }
}

/** The preflight the server runs, once, printed: what is missing and where it goes. */
async function checkEngine(config: EngineConfig | undefined): Promise<AdminResult> {
  if (!config?.COMFYUI_URL) {
    return { code: 1, output: 'No ComfyUI to check: set COMFYUI_URL (with ENGINE=comfyui, or with ENGINE=runpod a ComfyUI with the same models as the worker).' };
  }
  const report = await new EnginePreflight({ url: config.COMFYUI_URL, models: gpuModels(config) }).check();
  return { code: report.status === 'ready' ? 0 : 1, output: formatReport(config.COMFYUI_URL, report) };
}

/** Every price of the catalog, as Stripe must have it: lookup key, amount in cents (EUR), interval. */
export function expectedStripePrices(): { lookupKey: string; amount: number; interval: 'month' | 'year' | null; label: string }[] {
  const catalog = getCatalog();
  const rows: { lookupKey: string; amount: number; interval: 'month' | 'year' | null; label: string }[] = [];
  for (const plan of catalog.plans) {
    for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
      for (const isEducational of [false, true]) {
        const ref = { planType: plan.planType, billingCycle, isEducational };
        rows.push({
          lookupKey: catalog.planLookupKey(ref),
          amount: catalog.price(ref),
          interval: billingCycle === 'YEARLY' ? 'year' : 'month',
          label: `${plan.name}${isEducational ? ' (educational)' : ''}, ${billingCycle.toLowerCase()}`,
        });
      }
    }
  }
  for (const plan of catalog.teamPlans) {
    for (const billingCycle of ['MONTHLY', 'YEARLY'] as const) {
      const ref = { planType: plan.planType, billingCycle, isEducational: false, team: true };
      rows.push({
        lookupKey: catalog.planLookupKey(ref),
        amount: catalog.price(ref),
        interval: billingCycle === 'YEARLY' ? 'year' : 'month',
        label: `${plan.name}, ${billingCycle.toLowerCase()}, per seat (quantity = seats)`,
      });
    }
  }
  for (const pack of catalog.packs) {
    rows.push({ lookupKey: catalog.packLookupKey(pack.id), amount: pack.price, interval: null, label: `${pack.credits} credits (one-time)` });
  }
  return rows;
}

async function checkStripePrices(stripe: StripePaymentProvider): Promise<AdminResult> {
  const lines: string[] = [];
  let problems = 0;
  for (const want of expectedStripePrices()) {
    const price = await stripe.findPrice(want.lookupKey);
    const expected = `${want.amount} EUR cents${want.interval ? ` per ${want.interval}` : ', one-time'}`;
    if (!price) {
      problems += 1;
      lines.push(`MISSING   ${want.lookupKey}  (${want.label}: create a price of ${expected} with this lookup key)`);
      continue;
    }
    const issues: string[] = [];
    if (price.unitAmount !== want.amount) issues.push(`amount ${price.unitAmount}, want ${want.amount}`);
    if (price.currency.toLowerCase() !== 'eur') issues.push(`currency ${price.currency}, want eur`);
    if (price.interval !== want.interval) issues.push(`interval ${price.interval ?? 'one-time'}, want ${want.interval ?? 'one-time'}`);
    if (issues.length) {
      problems += 1;
      lines.push(`MISMATCH  ${want.lookupKey}  ${price.id}: ${issues.join('; ')}`);
    } else {
      lines.push(`OK        ${want.lookupKey}  ${price.id}`);
    }
  }
  lines.push(problems ? `${problems} price(s) need attention; checkouts for them are refused until fixed.` : 'Every catalog price is in Stripe.');
  return { code: problems ? 1 : 0, output: lines.join('\n') };
}

/** The commands' logger: warnings and errors only, on stderr's side of the output. */
export function adminLogger(): FastifyBaseLogger {
  return pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
}

const OPERATIONS: Record<string, (args: string[], deps: { config: Config; progress: (p: CopyProgress) => void }) => Promise<AdminResult>> = {
  'storage-copy': runStorageCopy,
  'db-copy': runDbCopy,
  backup: runBackup,
  restore: runRestore,
  'verify-backup': runVerifyBackup,
};

async function main() {
  const config = loadConfigOrExit();
  const args = process.argv.slice(2);
  const operation = OPERATIONS[args[0]];
  if (operation) {
    // Each opens what it needs itself: storage-copy no database (it may run while the server is
    // up), db-copy a copy of the embedded one (never migrated nor changed), restore an empty one.
    const result = await operation(args.slice(1), { config, progress: progressPrinter(process.stderr) });
    (result.code === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    process.exitCode = result.code;
    return;
  }
  const log = adminLogger();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const result = await runAdmin(args, { db: database.db, log, payments: createPaymentProvider(config), config, mailer: createMailer(config, log) });
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
