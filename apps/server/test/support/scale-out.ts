import pg from 'pg';
import { SHARED_KEYS, type Config } from '../../src/infra/config.ts';
import { mosquittoMissing, startMosquitto, type TestMosquitto } from './mosquitto.ts';
import { postgresMissing, startPostgres, type TestPostgres } from './postgres.ts';
import { startS3, type TestS3 } from './s3.ts';

/** Why the two-instance tests cannot run here (PostgreSQL or Mosquitto missing), or null. */
export const scaleOutMissing = (): string | null => postgresMissing() ?? mosquittoMissing();

/** What two server instances share, set up as docs/operations.md "Several instances" says. */
export interface ScaleOutParts {
  postgres: TestPostgres;
  mosquitto: TestMosquitto;
  s3: TestS3;
  /** the empty database both instances use */
  databaseUrl: string;
  /** one MQTT user per instance (client ids are usernames): the admin's URL, then further admins' */
  mqttUrls: string[];
  /** The configuration of one instance on these parts (`MULTI_INSTANCE` on), with its MQTT URL. */
  instanceConfig(mqttUrl: string): Partial<Config>;
  /** The same as the environment of a server process (`npm start`'s variables, docs/operations.md). */
  instanceEnv(mqttUrl: string): Record<string, string>;
  /** One query on the shared database, with a connection of its own; the rows. */
  query<R extends object>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops PostgreSQL, Mosquitto and the S3 API, and gives the shared keys' variables back. */
  stop(): Promise<void>;
}

/**
 * Debian PostgreSQL, Debian Mosquitto (dynamic security) with an admin user per instance, and
 * s3rver, on free ports; an empty database `database`; the shared keys (`SHARED_KEYS`) set in the
 * environment the servers read (`multiInstanceProblems`, `loadSecrets`) until `stop`.
 * @param instances how many MQTT users to create (one per instance; default 2)
 * @throws Error when PostgreSQL or Mosquitto is missing ({@link scaleOutMissing})
 */
export async function startScaleOutParts(database: string, instances = 2): Promise<ScaleOutParts> {
  const [postgres, mosquitto, s3] = await Promise.all([startPostgres(), startMosquitto(), startS3()]);
  // the other users before any instance connects as the admin (that connection would be taken over)
  const mqttUrls = [mosquitto.adminUrl];
  for (let i = 1; i < instances; i++) mqttUrls.push(mosquitto.addAdmin(`overtone-${String.fromCharCode(97 + i)}`));
  const savedEnv = new Map(SHARED_KEYS.map((k) => [k, process.env[k]]));
  for (const k of SHARED_KEYS) process.env[k] = `${k.toLowerCase()}-shared-by-both-instances-0123456789`;
  const databaseUrl = postgres.createDatabase(database);
  return {
    postgres,
    mosquitto,
    s3,
    databaseUrl,
    mqttUrls,
    instanceConfig: (mqttUrl) => ({ databaseUrl, mqttUrl, s3: s3.config, multiInstance: true, ingestChunkStore: 'database' }),
    instanceEnv: (mqttUrl) => ({
      ...(Object.fromEntries(SHARED_KEYS.map((k) => [k, process.env[k]!])) as Record<string, string>),
      DATABASE_URL: databaseUrl,
      MQTT_URL: mqttUrl,
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
      MULTI_INSTANCE: 'on',
      INGEST_CHUNK_STORE: 'database',
    }),
    async query<R extends object>(text: string, values: unknown[] = []) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return (await c.query<R>(text, values)).rows;
      } finally {
        await c.end();
      }
    },
    async stop() {
      await Promise.allSettled([postgres.stop(), mosquitto.stop(), s3.stop()]);
      for (const [k, v] of savedEnv)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    },
  };
}
