/// <reference types="node" />
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstJs, LOGIN_FIRST_JS_BUDGET_KB, LOGIN_PAGE_MODULE } from './firstJs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let outDir: string;

// A size budget, not a timing: the production build of this tree, measured file by file.
describe("/login's first JS (issue #19)", () => {
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
    // Its own process: a production build (the test runner's NODE_ENV would build React's development code).
    const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
    await promisify(execFile)(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }, 180_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it(`stays within ${LOGIN_FIRST_JS_BUDGET_KB} KB gzip`, () => {
    const { gzipKb, files } = firstJs(outDir, LOGIN_PAGE_MODULE);
    expect(gzipKb, files.map((f) => `${f.file} ${f.gzipBytes} B`).join('\n')).toBeLessThanOrEqual(LOGIN_FIRST_JS_BUDGET_KB);
  });

  it('carries neither zod, Radix, Konva nor the form library: they load with the screens that use them', () => {
    const code = firstJs(outDir, LOGIN_PAGE_MODULE)
      .files.map((f) => fs.readFileSync(path.join(outDir, f.file), 'utf8'))
      .join('\n');
    // Marker strings each library keeps in its minified code.
    expect(code).not.toContain('Invalid input'); // zod's default message
    expect(code).not.toContain('DialogContent'); // Radix Dialog's display name
    expect(code).not.toContain('Konva');
    expect(code).not.toContain('shouldUnregister'); // react-hook-form's option name
  });
});
