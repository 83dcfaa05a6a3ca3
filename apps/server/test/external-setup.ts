import pg from 'pg';
import { openDatabase } from '../src/infra/db/database.ts';
import { migrate } from '../src/infra/db/migrate.ts';
import { seedDemo } from '../src/jobs/seed-demo.ts';
import { TEST_PASSWORD } from './support/constants.ts';
import { EXTERNAL_TEMPLATE_DATABASE } from './support/external-infra.ts';
import { postgresMissing, startPostgres } from './support/postgres.ts';

/**
 * The `api:external` tier's global set-up (issue 19): one Debian PostgreSQL for the run, with the
 * migrated and seeded demo as a template database each test server copies (`CREATE DATABASE …
 * TEMPLATE`, a file copy), as the PGlite template serves the `api` tier. Its URL reaches the test
 * files through `OVERTONE_TEST_POSTGRES_URL`; Mosquitto and the S3 API are started per server
 * (support/external-infra.ts).
 */
export default async function setup() {
  const missing = postgresMissing();
  if (missing) throw new Error(`the api:external tier needs PostgreSQL: ${missing}`);
  const postgres = await startPostgres();
  const templateUrl = postgres.createDatabase(EXTERNAL_TEMPLATE_DATABASE);
  const db = await openDatabase({ databaseUrl: templateUrl, dataDir: null });
  await migrate(db);
  await seedDemo(db.db, { password: TEST_PASSWORD });
  await db.close();
  // no session may stay on a template database (CREATE DATABASE … TEMPLATE refuses then)
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${EXTERNAL_TEMPLATE_DATABASE} WITH ALLOW_CONNECTIONS false`);
  await admin.end();
  process.env.OVERTONE_TEST_POSTGRES_URL = postgres.url;
  return () => postgres.stop();
}
