import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { safeKey, type ObjectStorage } from './storage.ts';

/** Where the S3-compatible store is and how to reach it (README "Environment variables", `S3_*`). */
export interface S3StorageConfig {
  /** e.g. `https://s3.eu-central-1.amazonaws.com` or `http://minio.internal:9000` */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (`endpoint/bucket/key`) instead of the host name (MinIO and most self-hosted stores) */
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible store through the AWS SDK v3 (`@aws-sdk/client-s3`): what every
 * instance of a multi-instance set-up reads and writes alike (issue 19, docs/operations.md "Object
 * storage"). The same interface and keys as the local directory (storage.ts): waveforms, point
 * images, measurement photos, logos. A PUT is atomic in S3 (a reader sees the old object or the new
 * one, never part of it), as the local write-then-rename is.
 * - `get` resolves to null for a key that does not exist (`NoSuchKey`, or a 404 from a store that
 *   answers HEAD-style): the caller decides whether that is an error; any other failure rejects.
 * - `ready` is true when the bucket answers `HeadBucket` (the health check's `storage`).
 */
export function createS3Storage(c: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    endpoint: c.endpoint,
    region: c.region,
    forcePathStyle: c.forcePathStyle,
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
  });
  return {
    async put(key, body, contentType = 'application/octet-stream') {
      await client.send(new PutObjectCommand({ Bucket: c.bucket, Key: safeKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: c.bucket, Key: safeKey(key) }));
        return r.Body ? await r.Body.transformToByteArray() : new Uint8Array(0);
      } catch (e) {
        if (e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)) return null;
        throw e;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that does not exist: deleting is idempotent, as for the directory
      await client.send(new DeleteObjectCommand({ Bucket: c.bucket, Key: safeKey(key) }));
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: c.bucket }));
      return true;
    },
    close() {
      client.destroy();
    },
  };
}
