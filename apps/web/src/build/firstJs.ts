/// <reference types="node" />
/**
 * The first JS of a screen: what the browser runs before the screen shows, read from a built
 * dist's Vite manifest — index.html's entry with its static imports (modulepreloaded), the app
 * it always loads (boot.tsx, a dynamic import of the entry) with its static imports, plus the
 * route's lazy page module with its static imports. Sizes are gzip level 9, as a static host or
 * CDN serves them. Issue #19's budget: /login ≤ 150 KB.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const LOGIN_FIRST_JS_BUDGET_KB = 150;
export const LOGIN_PAGE_MODULE = 'src/features/auth/components/LoginPage.tsx';
/** The app, which the entry (main.tsx) loads on every screen after its start-up requests: boot.tsx, in the chunk named boot (vite.config.ts). */
const BOOT_CHUNK = 'boot';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FirstJs {
  files: Array<{ file: string; gzipBytes: number }>;
  gzipKb: number;
}

/** The JS files a screen needs before it paints, and their gzip size, in `distDir`. */
export function firstJs(distDir: string, pageModule: string): FirstJs {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  if (!manifest[pageModule]) throw new Error(`The manifest has no chunk for ${pageModule}`);
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const boot = (manifest[entry].dynamicImports ?? []).find((key) => manifest[key].name === BOOT_CHUNK);
  if (!boot) throw new Error(`The entry does not load a chunk named ${BOOT_CHUNK}`);
  visit(entry);
  visit(boot);
  visit(pageModule);
  const files = [...keys].map((key) => {
    const file = manifest[key].file;
    const gzipBytes = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    return { file, gzipBytes };
  });
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files: files.sort((a, b) => b.gzipBytes - a.gzipBytes), gzipKb: Math.round((total / 1024) * 10) / 10 };
}
