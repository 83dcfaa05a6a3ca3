import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listSources, webInputs } from './build-all.ts';
import { fingerprint, ROOT } from './build-server.ts';

let dir = '';
afterEach(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-build-'));
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return listSources(dir);
}

describe('the freshness check of npm start (scripts/build-all.ts)', () => {
  it('lists sources without node_modules, dist and test files', () => {
    const files = tree({
      'src/a.ts': 'a',
      'src/a.test.ts': 't',
      'src/b.test.tsx': 't',
      'src/c.tsx': 'c',
      'index.html': 'h',
      'dist/index.js': 'x',
      'node_modules/x/index.js': 'x',
    });
    expect(files.map((f) => path.relative(dir, path.resolve(ROOT, f)))).toEqual(['index.html', 'src/a.ts', 'src/c.tsx']);
  });

  it('changes the fingerprint when a file changes size or time, or goes, and not otherwise', () => {
    const files = tree({ 'a.ts': 'one', 'b.ts': 'two' });
    const a = path.join(dir, 'a.ts');
    const first = fingerprint(files);
    expect(fingerprint(files)).toBe(first);
    fs.writeFileSync(a, 'one more');
    const grown = fingerprint(files);
    expect(grown).not.toBe(first);
    fs.utimesSync(a, new Date('2020-01-01'), new Date('2020-01-01')); // older, e.g. a restored file
    expect(fingerprint(files)).not.toBe(grown);
    const older = fingerprint(files);
    fs.rmSync(a);
    expect(fingerprint(files)).not.toBe(older);
    // a new file is a new entry in the list
    expect(fingerprint([...files, 'c.ts'])).not.toBe(fingerprint(files));
  });

  it('counts the web app, our packages and the lockfile as the web build inputs', () => {
    const inputs = webInputs();
    expect(inputs).toContain('apps/web/index.html');
    expect(inputs).toContain('apps/web/vite.config.ts');
    expect(inputs).toContain('packages/dsp/src/index.ts');
    expect(inputs).toContain('packages/contract/src/index.ts');
    expect(inputs).toContain('package-lock.json');
    expect(inputs.some((f) => f.startsWith('apps/web/dist/') || f.includes('/node_modules/') || /\.test\.tsx?$/.test(f))).toBe(
      false,
    );
  });
});
