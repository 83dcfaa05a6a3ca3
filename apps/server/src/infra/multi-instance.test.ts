import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MIN_SHARED_KEY_LENGTH, multiInstanceProblems, SHARED_KEYS } from './config.ts';
import { startServer } from '../server.ts';

const key = (c: string) => c.repeat(MIN_SHARED_KEY_LENGTH);
const complete = {
  MULTI_INSTANCE: 'on',
  DATABASE_URL: 'postgres://overtone@db.internal/overtone',
  MQTT_URL: 'mqtt://overtone:secret@broker.internal:1883',
  S3_ENDPOINT: 'http://objects.internal:9000',
  S3_BUCKET: 'overtone',
  S3_ACCESS_KEY_ID: 'overtone',
  S3_SECRET_ACCESS_KEY: key('s'),
  CAPTCHA_HMAC_KEY: key('a'),
  LIVE_URL_KEY: key('b'),
  STORAGE_HMAC_KEY: key('c'),
};

describe('multiInstanceProblems (issue 19 "Shared configuration")', () => {
  it('asks nothing of a single instance', () => {
    const env = { DATA_DIR: '/tmp/x' };
    expect(loadConfig(env).multiInstance).toBe(false);
    expect(multiInstanceProblems(loadConfig(env), env)).toEqual([]);
  });

  it('accepts a complete multi-instance set-up (MULTI_INSTANCE on, true, yes or 1)', () => {
    for (const on of ['on', 'true', 'YES', '1']) {
      const env = { ...complete, MULTI_INSTANCE: on };
      expect(loadConfig(env).multiInstance).toBe(true);
      expect(multiInstanceProblems(loadConfig(env), env)).toEqual([]);
    }
  });

  it('names each missing database, broker, object store and shared key, and a key that is too short', () => {
    const env = { MULTI_INSTANCE: 'on', LIVE_URL_KEY: 'short' };
    const problems = multiInstanceProblems(loadConfig(env), env);
    expect(problems).toHaveLength(3 + SHARED_KEYS.length);
    expect(problems.join('\n')).toMatch(/S3_ENDPOINT is not set/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL is not set/);
    expect(problems.join('\n')).toMatch(/MQTT_URL is not set/);
    expect(problems.join('\n')).toMatch(/CAPTCHA_HMAC_KEY is not set/);
    expect(problems.join('\n')).toMatch(/STORAGE_HMAC_KEY is not set/);
    expect(problems.join('\n')).toMatch(new RegExp(`LIVE_URL_KEY has 5 characters: at least ${MIN_SHARED_KEY_LENGTH}`));
  });

  it('refuses chunks kept in files: the instances share the ingest through the database', () => {
    const env = { ...complete, INGEST_CHUNK_STORE: 'files' };
    expect(multiInstanceProblems(loadConfig(env), env)).toEqual([
      "INGEST_CHUNK_STORE is 'files': the instances share the ingest, so chunks must wait in the database",
    ]);
  });

  it('reads the S3 store from S3_*, with its defaults, and names what S3_ENDPOINT lacks', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(complete).s3).toEqual({
      endpoint: 'http://objects.internal:9000',
      bucket: 'overtone',
      region: 'us-east-1',
      accessKeyId: 'overtone',
      secretAccessKey: key('s'),
      forcePathStyle: true,
    });
    expect(loadConfig({ ...complete, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'off' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://objects.internal:9000', S3_BUCKET: 'b' })).toThrow(
      new ConfigError('S3_ENDPOINT is set, but not S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (docs/operations.md "Object storage")'),
    );
  });

  it('keeps a server from starting, saying what to set, before it opens or writes anything', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-multi-')), 'data');
    const config = { ...loadConfig({ DATA_DIR: dataDir }), multiInstance: true, port: 0, mqttPort: 0 };
    const err = await startServer(config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/MULTI_INSTANCE is on, but:[\s\S]*DATABASE_URL is not set[\s\S]*MQTT_URL is not set/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
