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
  /** one MQTT user per instance (client ids are usernames): the admin's URL, then a second admin's */
  mqttUrls: [string, string];
  /** The configuration of one instance on these parts (`MULTI_INSTANCE` on), with its MQTT URL. */
  instanceConfig(mqttUrl: string): Partial<Config>;
  /** One query on the shared database, with a connection of its own; the rows. */
  query<R extends object>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops PostgreSQL, Mosquitto and the S3 API, and gives the shared keys' variables back. */
  stop(): Promise<void>;
}

/**
 * Debian PostgreSQL, Debian Mosquitto (dynamic security) with a second admin user, and s3rver, on
 * free ports; an empty database `database`; the shared keys (`SHARED_KEYS`) set in the environment
 * the servers read (`multiInstanceProblems`, `loadSecrets`) until `stop`.
 * @throws Error when PostgreSQL or Mosquitto is missing ({@link scaleOutMissing})
 */
export async function startScaleOutParts(database: string): Promise<ScaleOutParts> {
  const [postgres, mosquitto, s3] = await Promise.all([startPostgres(), startMosquitto(), startS3()]);
  // the second user before any instance connects as the admin (that connection would be taken over)
  const mqttUrls: [string, string] = [mosquitto.adminUrl, mosquitto.addAdmin('overtone-b')];
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
