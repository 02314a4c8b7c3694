import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../src/providers/storage/s3.js';

/**
 * A real S3-protocol server (s3rver) on this machine, for tests of STORAGE=s3: it speaks the
 * REST API with SigV4 (credentials S3RVER / S3RVER), Range, ListObjectsV2, CopyObject,
 * HeadBucket. It runs in its own process with OpenSSL's legacy provider: s3rver makes its
 * ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 has only there. Files
 * live in a temporary folder removed on stop.
 */
export interface TestS3Server {
  endpoint: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The variables of STORAGE=s3 against this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port: from TEST_PORT_RANGE (`41200-41209`, so runs on a shared machine keep to their
 * own ports), else any the system hands out.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? '');
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    // Start at a random place so two test files of one run rarely race for the same port.
    const span = to - from + 1;
    const offset = Math.floor(Math.random() * span);
    for (let i = 0; i < span; i++) {
      const port = from + ((offset + i) % span);
      if (await portFree(port)) return port;
    }
    throw new Error(`No free port in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const s3rverBin = path.join(path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin', 's3rver.js');

export async function startS3Server(bucket = 'atelier-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-s3rver-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', s3rverBin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', bucket],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = createS3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, ...credentials });
  // Up when its bucket answers.
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`s3rver exited: ${stderr}`);
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`s3rver did not start on ${endpoint}: ${String(err)} ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    port,
    bucket,
    ...credentials,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
