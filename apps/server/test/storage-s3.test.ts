import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, senseway } from '@overtone/contract';
import { newId } from '../src/infra/ids.ts';
import { createS3Storage } from '../src/infra/storage-s3.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { callApi } from './support/endpoint-client.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { demoCustomerId } from './support/users.ts';
import { insertMeasurement } from './support/points.ts';

/** The S3 object storage (infra/storage-s3.ts) against a real S3 API (s3rver), as the local one behaves. */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe('S3 object storage', () => {
  it('stores, reads back byte for byte, replaces and deletes an object; a missing one reads as null', async () => {
    const storage = createS3Storage(s3.config);
    expect(await storage.ready()).toBe(true);
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256); // a 3 × 50 000-sample waveform's size
    await storage.put('c1/waveforms/m1.bin', bytes);
    expect(await storage.get('c1/waveforms/m1.bin')).toEqual(bytes);
    await storage.put('c1/waveforms/m1.bin', bytes.subarray(0, 6));
    expect(await storage.get('c1/waveforms/m1.bin')).toEqual(bytes.subarray(0, 6));
    await storage.delete('c1/waveforms/m1.bin');
    expect(await storage.get('c1/waveforms/m1.bin')).toBeNull();
    await storage.delete('c1/waveforms/m1.bin'); // again: nothing to delete is no error
    expect(await storage.get('c1/never-stored.png')).toBeNull();
  });

  it('refuses a key that could name something else, before asking the store', async () => {
    const storage = createS3Storage(s3.config);
    for (const key of ['../etc/passwd', 'a//b', 'a/./b', 'a b', ''])
      await expect(storage.put(key, new Uint8Array(1))).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('is not ready for a bucket that does not exist, and a failure is an error, not a missing object', async () => {
    const storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(storage.ready()).rejects.toThrow();
    // a store that cannot be reached: the read fails, it does not say "no such object"
    const unreachable = createS3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    await expect(unreachable.get('c1/a.png')).rejects.toThrow();
  });
});

describe('a server on S3 (S3_* set)', () => {
  it('keeps a waveform in the store, not in its data directory, answers it, and says so when it is gone', async () => {
    const server = await startTestServer({ s3: s3.config });
    try {
      const token = await login(server.url);
      const health = await callApi(server.url, null, ENDPOINTS.getHealth);
      expect(health.status).toBe(200);
      expect(health.body.storage).toBe(true);
      const customerId = await demoCustomerId(server);
      const id = newId();
      const key = waveformKey(customerId, id);
      const counts = Int16Array.from({ length: 3 * 2048 }, (_, i) => Math.round(1000 * Math.sin(i / 7)));
      await server.ctx.storage.put(key, new Uint8Array(counts.buffer));
      await insertMeasurement(server, { customerId, id, waveformKey: key, sampleSize: 2048 });
      expect(fs.existsSync(path.join(s3.dir, 'overtone', key + '._S3rver_object'))).toBe(true);
      expect(fs.existsSync(path.join(server.dataDir, 'objects', key))).toBe(false);

      const detail = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } });
      expect(detail.status).toBe(200);
      expect(detail.body.data.accelerometer_x).toHaveLength(2048);
      expect(detail.body.data.accelerometer_x![1]).toBeCloseTo(senseway.gPerCount(2) * counts[3]!, 9);

      // gone from the store (lost, or never there for this instance): an error, never 200 without samples
      await server.ctx.storage.delete(key);
      for (const path_ of [`/measurement/${id}`, `/measurement/${id}/signal`]) {
        const res = await api<{ code: string; message: string }>(server.url, token, 'GET', path_);
        expect(res.status, path_).toBe(500);
        expect(res.body.code).toBe('WAVEFORM_MISSING');
        expect(res.body.message).toBe("The measurement's samples are missing from storage");
      }
    } finally {
      await server.close();
    }
  });
});
