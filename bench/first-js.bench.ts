/**
 * The first JS of /login: index.html's entry, what it modulepreloads and imports, and the
 * sign-in page's lazy chunk, gzip level 9, read from the built web app (issue #19: ≤ 150 KB).
 *
 *   npm run build -w apps/web && npx tsx bench/first-js.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstJs, LOGIN_FIRST_JS_BUDGET_KB, LOGIN_PAGE_MODULE } from '../apps/web/src/build/firstJs.js';
import type { BenchResult } from './bench-app.js';
import { printResults } from './print.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) throw new Error('Build the web app first: npm run build -w apps/web');
  const login = firstJs(WEB_DIST, LOGIN_PAGE_MODULE);
  return [
    { name: `/login first JS, gzip (${login.files.length} files)`, value: login.gzipKb, unit: 'KB', target: `≤ ${LOGIN_FIRST_JS_BUDGET_KB} KB` },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printResults(await run());
}
