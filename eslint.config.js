import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Layering (ARCHITECTURE.md): packages depend on nothing of ours; web and server never import each other.
  {
    files: ['packages/dsp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@overtone/*', 'node:*', 'react', 'fs', 'path'] }] },
  },
  {
    files: ['packages/diagnosis/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@overtone/*', '!@overtone/dsp', '!@overtone/contract'],
              message: 'diagnosis depends on dsp and contract only',
            },
            { group: ['node:*', 'react', 'fs', 'path'], message: 'diagnosis is pure TypeScript' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@overtone/*', 'node:*', 'react'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '@overtone/server', 'node:*'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '@overtone/web'] }] },
  },
);
