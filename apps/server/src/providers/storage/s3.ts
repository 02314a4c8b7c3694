import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidStorageKey,
  contentTypeForKey,
  InvalidStorageKeyError,
  StorageConfigError,
  StorageNotFoundError,
  StorageRangeError,
  type ByteRange,
  type Storage,
} from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, Ceph RGW, R2, …); unset = AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset = the SDK's default chain (environment, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, e.g. `atelier/` to share a bucket. */
  prefix?: string;
  /** Keys per ListObjectsV2 page (S3's maximum, 1000, by default). */
  listPageSize?: number;
}

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

const rangeHeader = (r: ByteRange) => ('suffix' in r ? `bytes=-${r.suffix}` : `bytes=${r.start}-${r.end ?? ''}`);

/** `bytes 0-99/1234` → positions and whole size. */
function parseContentRange(value: string | undefined): { start: number; end: number; total: number } | undefined {
  const m = value ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value) : null;
  return m ? { start: Number(m[1]), end: Number(m[2]), total: Number(m[3]) } : undefined;
}

/** The S3 client of the settings (also used by tests to create the bucket). */
export function createS3Client(o: Omit<S3StorageOptions, 'bucket' | 'prefix'>): S3Client {
  return new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle ?? false,
    credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
    // Checksums only where the service requires them: several S3-compatible services reject the newer default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Files as objects in one bucket (STORAGE=s3). Reads stream from S3; ranges are S3's own. */
export function createS3Storage(o: S3StorageOptions, client: S3Client = createS3Client(o)): Storage {
  const Bucket = o.bucket;
  const prefix = o.prefix ?? '';
  const objectKey = (key: string) => {
    assertValidStorageKey(key);
    return prefix + key;
  };

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  const storage: Storage = {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async putStream(key, body, size, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: size }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },
    async stream(key, requested) {
      let range = requested;
      if (range && 'suffix' in range) {
        // The last bytes, asked for as explicit positions: not every S3-compatible service reads `bytes=-n` right.
        const size = (await head(key))?.ContentLength;
        if (size === undefined) throw new StorageNotFoundError(key);
        if (size === 0 || range.suffix <= 0) throw new StorageRangeError(size);
        range = { start: Math.max(0, size - range.suffix), end: size - 1 };
      }
      let res;
      try {
        res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? rangeHeader(range) : undefined }));
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        if (range && status(err) === 416) throw new StorageRangeError((await head(key))?.ContentLength ?? 0);
        throw err;
      }
      const body = res.Body as Readable;
      const size = res.ContentLength ?? 0;
      if (!range) return { body, size };
      // A service that ignores Range answers 200 with the whole object: then it is the whole file.
      const sent = parseContentRange(res.ContentRange);
      return sent ? { body, size, range: sent } : { body, size };
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async stat(key) {
      const h = await head(key);
      return h ? { size: h.ContentLength ?? 0 } : null;
    },
    async delete(key) {
      // S3 answers a delete of a missing object with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async copy(fromKey, toKey) {
      const source = `${Bucket}/${objectKey(fromKey).split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: objectKey(toKey), CopySource: source, ContentType: contentTypeForKey(toKey), MetadataDirective: 'REPLACE' }),
        );
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(fromKey);
        throw err;
      }
    },
    async *list(keyPrefix = '') {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix + keyPrefix, ContinuationToken: token, MaxKeys: o.listPageSize }));
        for (const obj of page.Contents ?? []) {
          if (obj.Key) yield { key: obj.Key.slice(prefix.length), size: obj.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async presignedUrl(key, ttlSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key), ResponseContentType: contentTypeForKey(key) }), {
        expiresIn: ttlSeconds,
      });
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw explainS3Failure(err, o);
      }
    },
    async deletePrefix(keyPrefix) {
      if (!keyPrefix.endsWith('/')) throw new InvalidStorageKeyError(keyPrefix);
      for await (const { key } of storage.list!(keyPrefix)) await storage.delete(key);
    },
    async sizeOfPrefix(keyPrefix) {
      if (!keyPrefix.endsWith('/')) throw new InvalidStorageKeyError(keyPrefix);
      let total = 0;
      for await (const { size } of storage.list!(keyPrefix)) total += size;
      return total;
    },
  };
  return storage;
}

/** Which variable a failed HeadBucket points at. */
function explainS3Failure(err: unknown, o: S3StorageOptions): StorageConfigError {
  const code = status(err);
  const name = (err as { name?: string; code?: string })?.name ?? '';
  const sysCode = (err as { code?: string })?.code ?? '';
  const message = err instanceof Error ? err.message : String(err);
  if (code === 404 || name === 'NoSuchBucket' || name === 'NotFound')
    return new StorageConfigError('S3_BUCKET', `the bucket "${o.bucket}" does not exist${o.endpoint ? ` at ${o.endpoint}` : ''}`);
  if (code === 403 || code === 401 || /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden/.test(name))
    return new StorageConfigError('S3_ACCESS_KEY_ID', `access to the bucket "${o.bucket}" was refused; check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${name || code})`);
  if (code === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed')
    return new StorageConfigError('S3_REGION', `the bucket "${o.bucket}" is in another region than ${o.region}`);
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET/.test(`${sysCode} ${message}`) || name === 'TimeoutError')
    return new StorageConfigError('S3_ENDPOINT', `the S3 service at ${o.endpoint ?? `the AWS region ${o.region}`} cannot be reached (${sysCode || message})`);
  if (/credential/i.test(message)) return new StorageConfigError('S3_ACCESS_KEY_ID', `no credentials: ${message}`);
  return new StorageConfigError('S3_BUCKET', `HeadBucket on "${o.bucket}" failed: ${name || code || message}`);
}
