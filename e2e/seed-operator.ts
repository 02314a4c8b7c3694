/**
 * Before the e2e server starts (playwright.config.ts webServer): an operator account in its fresh
 * DATA_DIR, made the way an installation makes one: an account, then `npm run admin --
 * make-operator EMAIL` (runAdmin). PGlite admits one process at a time, so this runs first.
 */
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { adminLogger, runAdmin } from '../apps/server/src/admin.js';
import { E2E_OPERATOR } from './tests/support/operator.js';

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
