import type { Config } from './config.js';
import { avatarDir, avatarKey } from './modules/auth/avatars.js';
import { copyFiles, copySummary, folderFiles, progressBar, storageFiles, type CopyProgress } from './providers/storage/copy.js';
import { createDiskStorage, createS3Storage, diskStorageRoot, s3Options, StorageConfigError, type Storage } from './providers/storage/index.js';

/** What an admin command prints and its exit code. */
export interface AdminResult {
  code: number;
  output: string;
}

export const STORAGE_COPY_USAGE = `Usage: npm run admin -- storage-copy --to s3

Copies every file of DATA_DIR (files/ and the older avatars/) into the S3 bucket of S3_BUCKET,
S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX. Files already in
the bucket with the same size are skipped, so it can be run again after an interruption.
Then set STORAGE=s3 and restart.`;

/**
 * `admin storage-copy --to s3`: moves an installation's files from disk to the bucket.
 * `target` is for tests; by default the bucket of the S3_* variables.
 */
export async function runStorageCopy(
  args: string[],
  deps: { config: Config; progress?: (p: CopyProgress) => void; target?: Storage },
): Promise<AdminResult> {
  const to = args[args.indexOf('--to') + 1];
  if (!args.includes('--to') || to !== 's3') return { code: 1, output: STORAGE_COPY_USAGE };
  const { config } = deps;
  if (!deps.target && !config.S3_BUCKET) return { code: 1, output: `S3_BUCKET is not set: set the S3_* variables of the bucket to copy to.\n\n${STORAGE_COPY_USAGE}` };
  const target = deps.target ?? createS3Storage(s3Options(config));
  try {
    await target.check?.();
  } catch (err) {
    if (err instanceof StorageConfigError) return { code: 1, output: `Invalid configuration:\n  ${err.message}` };
    throw err;
  }
  const disk = createDiskStorage(diskStorageRoot(config.dataDir));
  const result = await copyFiles([() => storageFiles(disk), () => folderFiles(avatarDir(config.dataDir), avatarKey)], target, {
    onProgress: deps.progress,
  });
  const where = `the bucket ${config.S3_BUCKET ?? ''}${config.S3_PREFIX ? ` under ${config.S3_PREFIX}` : ''}`.replace(/ +$/, '');
  return { code: result.failed.length ? 1 : 0, output: copySummary(result, where) };
}

/** A progress bar redrawn in place on a terminal; every 10 % on a log. */
export function progressPrinter(out: NodeJS.WriteStream): (p: CopyProgress) => void {
  let lastTenth = -1;
  return (p) => {
    if (out.isTTY) {
      out.write(`\r${progressBar(p)}${p.done === p.total ? '\n' : ''}`);
      return;
    }
    const tenth = p.total === 0 ? 10 : Math.floor((p.done / p.total) * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      out.write(`${progressBar(p)}\n`);
    }
  };
}
