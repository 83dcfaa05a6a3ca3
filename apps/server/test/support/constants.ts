import path from 'node:path';

/**
 * The migrated and seeded database template of a test run. OVERTONE_TEST_TEMPLATE gives a run its
 * own copy (several runs at once on one checkout must not rewrite each other's).
 */
export const TEMPLATE_FILE = process.env.OVERTONE_TEST_TEMPLATE
  ? path.resolve(process.env.OVERTONE_TEST_TEMPLATE)
  : path.resolve(import.meta.dirname, '../../../../.test-data/db-template.tar.gz');
export const TEST_PASSWORD = 'Demo-Password-1';
