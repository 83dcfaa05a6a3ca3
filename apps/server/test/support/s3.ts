import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no types: the part of its API these tests use.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/infra/storage-s3.ts';
import { freePort } from './net.ts';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

/** A running S3-compatible server for tests, with one empty bucket. */
export interface TestS3 {
  /** what the server's `S3_*` configuration says */
  config: S3StorageConfig;
  /** the objects' files (s3rver keeps each object under `<dir>/<bucket>/<key>._S3rver_object`) */
  dir: string;
  stop(): Promise<void>;
}

/**
 * s3rver (npm, 3.7.1) on a free loopback port with a fresh directory and the bucket `overtone`:
 * the S3 API the AWS SDK speaks (signed requests with its fixed keys `S3RVER`/`S3RVER`), here to
 * play S3 in the tests (issue 19).
 */
export async function startS3(): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'overtone' }],
  }) as S3rverInstance;
  await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'overtone',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    dir,
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
