import { buildApp } from '../../src/app.js';
import type { App } from '../../src/types.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { resolveJwtSecret } from '../../src/lib/jwt.js';
import { createInputImage, createSubscribedUser, makePng } from '../../src/modules/generation/generation.test-helpers.js';
import { createRegions } from '../../src/modules/masks/masks.test-helpers.js';
import { seedImages, spreadTimes } from '../../src/modules/gallery/gallery.test-helpers.js';

/**
 * An installation as `npm start` runs it: DATA_DIR with the embedded database on disk (or
 * DATABASE_URL) and the files on disk, the JWT secret generated into DATA_DIR. For the db-copy,
 * backup and restore tests and the bench that times them.
 */
export interface Installation {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function openInstallation(dataDir: string, env: Record<string, string> = {}): Promise<Installation> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: `${dataDir}/no-web`,
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  database.pool?.on('error', () => undefined);
  await runMigrations(database);
  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(undefined, dataDir), logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const post = (app: App, url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });

/**
 * Fills an installation through its own services and routes: subscribed users with credits (the
 * ledger), input images with real files and regions, renders (`renders` rows, completed, seeded
 * through the gallery's helper, plus one real render through the route when the workers run),
 * an API key and a webhook endpoint each. Returns the users' tokens.
 */
export async function populate(app: App, opts: { users: number; renders: number }): Promise<Array<{ id: number; headers: Record<string, string>; inputImageId: number }>> {
  const made = [];
  for (let u = 0; u < opts.users; u += 1) {
    const user = await createSubscribedUser(app, { credits: 40 + u });
    const inputImageId = await createInputImage(app, user.id, 160, 120);
    await createRegions(app, user.id, inputImageId);
    const perUser = Math.ceil(opts.renders / opts.users);
    const times = spreadTimes(perUser, 30);
    const file = { imageKey: `u/${user.id}/generated/seed-file/image.png`, thumbnailKey: `u/${user.id}/generated/seed-file/thumb.png`, width: 48, height: 32 };
    const png = await makePng(48, 32, (x, y) => [(x * 5 + u * 40) % 256, (y * 7) % 256, 128]);
    await app.ctx.storage.put(file.imageKey, png, 'image/png');
    await app.ctx.storage.put(file.thumbnailKey, png, 'image/png');
    await seedImages(
      app,
      user.id,
      times.map((createdAt, i) => ({ createdAt, moduleType: (['CREATE', 'TWEAK', 'REFINE'] as const)[i % 3], isPublic: i % 5 === 0 })),
      4,
      [file],
    );
    const key = await post(app, '/api/api-keys', user.headers, { name: `key ${u}` });
    if (key.statusCode !== 201) throw new Error(`api key: ${key.body}`);
    const hook = await post(app, '/api/webhooks/endpoints', user.headers, { url: `http://127.0.0.1:9/atelier/${u}`, events: ['batch.completed'] });
    if (hook.statusCode >= 300) throw new Error(`webhook: ${hook.body}`);
    made.push({ id: user.id, headers: user.headers, inputImageId });
  }
  return made;
}
