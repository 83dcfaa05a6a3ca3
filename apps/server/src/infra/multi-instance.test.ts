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

  it('names each missing database, broker and shared key, and a key that is too short', () => {
    const env = { MULTI_INSTANCE: 'on', LIVE_URL_KEY: 'short' };
    const problems = multiInstanceProblems(loadConfig(env), env);
    expect(problems).toHaveLength(2 + SHARED_KEYS.length);
    expect(problems.join('\n')).toMatch(/DATABASE_URL is not set/);
    expect(problems.join('\n')).toMatch(/MQTT_URL is not set/);
    expect(problems.join('\n')).toMatch(/CAPTCHA_HMAC_KEY is not set/);
    expect(problems.join('\n')).toMatch(/STORAGE_HMAC_KEY is not set/);
    expect(problems.join('\n')).toMatch(new RegExp(`LIVE_URL_KEY has 5 characters: at least ${MIN_SHARED_KEY_LENGTH}`));
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
