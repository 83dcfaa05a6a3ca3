import pg from 'pg';
import type { Config } from '../../src/infra/config.ts';
import { startMosquitto } from './mosquitto.ts';
import { startS3 } from './s3.ts';

/** The demo database every server of the `api:external` tier starts from (external-setup.ts). */
export const EXTERNAL_TEMPLATE_DATABASE = 'overtone_template';

/** True in the `api:external` tier: test servers run on PostgreSQL, Mosquitto and S3 (vitest.config.ts). */
export const externalInfra = () => process.env.OVERTONE_TEST_INFRA === 'external';

let databases = 0;

/**
 * A test server's parts in the `api:external` tier: a fresh database copied from the demo template
 * on the run's PostgreSQL, its own Mosquitto 2 with the dynamic-security plugin, its own S3 API
 * (s3rver) with an empty bucket; `stop` ends the broker and the store (the database goes with the
 * run's PostgreSQL).
 * @returns the configuration to merge into the server's, the broker's URL without the server's
 *   credentials (what gateways and test clients connect to: as the server's user they would take
 *   over its session), and `stop`
 */
export async function startExternalParts(): Promise<{ config: Partial<Config>; mqttUrl: string; stop(): Promise<void> }> {
  const adminUrl = process.env.OVERTONE_TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('OVERTONE_TEST_POSTGRES_URL is not set: the api:external tier runs external-setup.ts first');
  const name = `overtone_test_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${EXTERNAL_TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const [mosquitto, s3] = await Promise.all([startMosquitto(), startS3()]);
  return {
    config: { databaseUrl: url.toString(), mqttUrl: mosquitto.adminUrl, s3: s3.config, ingestChunkStore: 'database' },
    mqttUrl: mosquitto.url,
    stop: async () => {
      await Promise.allSettled([mosquitto.stop(), s3.stop()]);
    },
  };
}
