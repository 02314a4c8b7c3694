/**
 * Before the e2e server starts (playwright.config.ts webServer): an operator account in its fresh
 * DATA_DIR, made the way an installation makes one: an account, then `npm run admin --
 * make-operator EMAIL` (runAdmin). Kept with the server's code so the server's typecheck sees it whole. PGlite admits one process at a time, so this runs first.
 */
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { adminLogger, runAdmin } from '../src/admin.js';
import { E2E_OPERATOR } from '../../../e2e/tests/support/operator.js';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ databaseUrl: undefined, dataDir });
try {
  await runMigrations(database);
  await database.db
    .insert(users)
    .values({ email: E2E_OPERATOR.email, fullName: E2E_OPERATOR.fullName, passwordHash: await hashPassword(E2E_OPERATOR.password), emailVerifiedAt: new Date() })
    .onConflictDoNothing();
  const result = await runAdmin(['make-operator', E2E_OPERATOR.email], { db: database.db, log: adminLogger() });
  if (result.code !== 0) throw new Error(result.output);
  process.stderr.write(`${result.output}\n`);
} finally {
  await database.close();
}
