import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/infra/db/database.ts';
import { migrate } from '../src/infra/db/migrate.ts';
import { seedDemo } from '../src/jobs/seed-demo.ts';
import { TEMPLATE_FILE, TEST_PASSWORD } from './support/constants.ts';

/**
 * Builds the database template once per run: PGlite takes ~10 s to initialise a new database, so
 * every test file starts from this migrated and seeded copy instead (ARCHITECTURE.md "Data").
 */
export default async function setup() {
  fs.mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(db);
  await seedDemo(db.db, { password: TEST_PASSWORD });
  const blob = await db.dump!();
  // written whole, then renamed: a reader never sees half a template
  const tmp = `${TEMPLATE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, TEMPLATE_FILE);
  await db.close();
}
