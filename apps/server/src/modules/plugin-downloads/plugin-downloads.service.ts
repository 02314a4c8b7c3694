import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AppError } from '../../lib/errors.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const BUILD_SCRIPT = path.join(ROOT, 'scripts/build-blender-addon.mjs');
const ADDON_SOURCE = path.join(ROOT, 'plugins/blender/atelier_bridge');
const ADDON_ZIP = path.join(ROOT, 'plugins/blender/dist/atelier_bridge.zip');

export const BLENDER_ADDON_FILE_NAME = 'atelier_bridge.zip';

/** Newest modification time of the add-on's sources, so a zip older than them is rebuilt. */
function newestSourceMs(): number {
  return fs
    .readdirSync(ADDON_SOURCE, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.py'))
    .reduce((newest, f) => Math.max(newest, fs.statSync(path.join(ADDON_SOURCE, f)).mtimeMs), 0);
}

function isCurrent(): boolean {
  try {
    return fs.statSync(ADDON_ZIP).mtimeMs >= newestSourceMs();
  } catch {
    return false;
  }
}

let building: Promise<void> | null = null;

/**
 * The path of the Blender add-on's zip, built by scripts/build-blender-addon.mjs when it is missing
 * or older than its sources (one build at a time; the script renames a finished zip into place).
 */
export async function blenderAddonZip(): Promise<string> {
  if (isCurrent()) return ADDON_ZIP;
  building ??= run(process.execPath, [BUILD_SCRIPT, '--out', ADDON_ZIP], { timeout: 60_000 })
    .then(() => undefined)
    .finally(() => {
      building = null;
    });
  try {
    await building;
  } catch (err) {
    throw new AppError(503, 'ADDON_UNAVAILABLE', `The Blender add-on could not be built on this server: ${(err as Error).message.split('\n')[0]}`);
  }
  return ADDON_ZIP;
}
