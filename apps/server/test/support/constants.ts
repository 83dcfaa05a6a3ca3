import path from 'node:path';

export const TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../../.test-data/db-template.tar.gz');
export const TEST_PASSWORD = 'Demo-Password-1';
