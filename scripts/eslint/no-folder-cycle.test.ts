import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
// @ts-expect-error -- a plain ESM module of the lint configuration, without types
import overtone, { folderGraph, pathBetween } from './no-folder-cycle.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-cycle-'));
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// features: a → b → c → a (a folder cycle no single file closes), d → a (none), and type-only and
// test imports that must not count
write('features/a/one.ts', "import { b } from '../b/two.ts';\nexport const a = b;\n");
write('features/a/other.ts', 'export const alone = 1;\n');
write('features/b/two.ts', "import { c } from '../c';\nexport const b = c;\n");
write('features/c/index.ts', "export { alone as c } from '../a/other.ts';\n");
write('features/d/four.ts', "import { a } from '../a/one.ts';\nexport const d = a;\n");
write('features/e/typed.ts', "import type { d } from '../d/four.ts';\nexport type E = typeof d;\n");
write('features/d/uses-e.ts', "import type { E } from '../e/typed.ts';\nexport const e: E | null = null;\n");
write('features/d/d.test.ts', "import { x } from '../f/five.ts';\n");
write('features/f/five.ts', "import { d } from '../d/four.ts';\nexport const x = d;\n");

const lint = (rel: string) => {
  const linter = new Linter({ cwd: dir });
  return linter.verify(
    fs.readFileSync(path.join(dir, rel), 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { overtone },
        rules: { 'overtone/no-folder-cycle': ['error', { roots: ['features'] }] },
      },
    ],
    path.join(dir, rel),
  );
};

describe('overtone/no-folder-cycle', () => {
  it('builds the folder graph from value imports and re-exports, directory imports included', () => {
    const g = folderGraph([path.join(dir, 'features')]);
    const unit = (n: string) => path.join(dir, 'features', n);
    expect(pathBetween(g, unit('a'), unit('a'))).toEqual([unit('a')]);
    expect(pathBetween(g, unit('b'), unit('a'))).toEqual([unit('b'), unit('c'), unit('a')]);
    expect(pathBetween(g, unit('a'), unit('d'))).toBeNull();
    // type-only imports and test files make no edge
    expect(g.get(unit('e'))).toBeUndefined();
    expect(pathBetween(g, unit('d'), unit('f'))).toBeNull();
  });

  it('reports an import that closes a cycle between folders, naming the way back', () => {
    const messages = lint('features/a/one.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.ruleId).toBe('overtone/no-folder-cycle');
    expect(messages[0]!.message).toContain('a imports b');
    expect(messages[0]!.message).toContain('b/two.ts → ../c');
    expect(lint('features/c/index.ts')).toHaveLength(1);
  });

  it('accepts imports that go one way, type-only imports and test files', () => {
    expect(lint('features/d/four.ts')).toEqual([]);
    expect(lint('features/d/uses-e.ts')).toEqual([]);
    expect(lint('features/d/d.test.ts')).toEqual([]);
  });
});
