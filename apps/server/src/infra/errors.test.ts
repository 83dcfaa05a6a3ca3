import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS, ERROR_CODES } from '@overtone/contract';

describe('error catalogue', () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/errors.md'), 'utf8');
  it.each(ERROR_CODES)('%s is documented in docs/errors.md with its status and message', (code) => {
    const row = doc.split('\n').find((l) => l.startsWith(`| \`${code}\` |`));
    expect(row, `docs/errors.md has no row for ${code}`).toBeDefined();
    expect(row).toContain(`| ${ERRORS[code].status} |`);
    expect(row).toContain(`| ${ERRORS[code].message} |`);
  });
});
