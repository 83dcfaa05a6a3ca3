import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import overtone from './scripts/eslint/no-folder-cycle.mjs';

/** Lines of code a file may hold (blank lines and comments not counted). */
const MAX_LINES = 400;
/** Generated FFT kernels (packages/dsp/scripts writes them; docs/dsp.md "FFT"). */
const GENERATED = [
  'packages/dsp/src/fft/fft-kernels-odd.ts',
  'packages/dsp/src/fft/fft-kernels-packed.ts',
  'packages/dsp/src/fft/wasm/fft-simd.generated.ts',
  'packages/dsp/wasm/radix-odd.ts',
];
/** Files over {@link MAX_LINES} still to split, with their caps. */
const OVERSIZED = {};

const TESTS = ['**/*.test.{ts,tsx}', '**/*TestKit.{ts,tsx}', '**/testing/**', '**/test/**', 'e2e/**', 'bench/**'];

/**
 * `no-restricted-imports` per layer: each layer's own patterns plus its app's (one config object
 * per file set, since a later object's options replace an earlier one's).
 */
function layerRules() {
  const rule = (files, patterns, ignores = TESTS) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ allowTypeImports: true, ...p })) }] },
  });
  const notWeb = { group: ['**/web/**', '@overtone/web'], message: 'the server never imports the web app' };
  const notServer = {
    group: ['**/server/**', '@overtone/server', 'node:*'],
    message: 'the web app never imports the server or Node',
  };
  const layer = (names, where) => ({
    group: names.flatMap((n) => [`**/${n}`, `**/${n}/**`]),
    message: `${where} may not import ${names.join(', ')}: the layers go one way (docs/architecture.md "Boundaries")`,
  });
  return [
    rule(['packages/dsp/**/*.ts'], [{ group: ['@overtone/*', 'node:*', 'react', 'fs', 'path', '**/apps/**'] }], []),
    rule(
      ['packages/diagnosis/**/*.ts'],
      [
        {
          group: ['@overtone/*', '!@overtone/dsp', '!@overtone/contract', '**/apps/**'],
          message: 'diagnosis depends on dsp and contract only',
        },
        { group: ['node:*', 'react', 'fs', 'path'], message: 'diagnosis is pure TypeScript' },
      ],
      [],
    ),
    rule(['packages/contract/**/*.ts'], [{ group: ['@overtone/*', 'node:*', 'react', '**/apps/**'] }], []),
    rule(['apps/web/**/*.{ts,tsx}'], [notServer], []),
    rule(['apps/web/src/features/**/*.{ts,tsx}'], [notServer, layer(['app'], 'features/')]),
    rule(['apps/web/src/{ui,charts}/**/*.{ts,tsx}'], [notServer, layer(['app', 'features'], 'ui/ and charts/')]),
    rule(['apps/web/src/core/**/*.{ts,tsx}'], [notServer, layer(['app', 'features', 'ui', 'charts'], 'core/')]),
    rule(['apps/server/**/*.ts'], [notWeb], []),
    rule(['apps/server/src/modules/**/*.ts'], [notWeb, layer(['jobs'], 'modules/')]),
    rule(['apps/server/src/infra/**/*.ts'], [notWeb, layer(['modules', 'jobs'], 'infra/')]),
    rule(
      ['apps/gateway-sim/**/*.ts'],
      [
        {
          group: ['**/server/**', '**/web/**', '@overtone/server', '@overtone/web'],
          message: 'the simulator is a gateway: it knows the protocol, not the server',
        },
      ],
      [],
    ),
  ];
}

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
  // Layering (ARCHITECTURE.md; docs/architecture.md "Boundaries"): packages depend on nothing of ours;
  // web and server never import each other; inside an app, lower layers never import higher ones
  // (server: infra ← modules ← jobs; web: core ← ui, charts ← features ← app). A type-only import
  // is allowed across layers (it leaves nothing at run time). Tests and test kits compose freely.
  ...layerRules(),
  // Import cycles: between files (import-x), and between the feature folders of an app (ours:
  // import-x sees files only).
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { 'import-x': importX, overtone },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'overtone/no-folder-cycle': [
        'error',
        { roots: ['apps/server/src/modules', 'apps/server/src/jobs', 'apps/web/src/features'] },
      ],
    },
  },
  // Query keys (issue 20): the web's cached answers are keyed from the endpoint table
  // (core/api/endpointQuery.ts: endpointQuery, endpointQueryKey, endpointsFilter), a browser-side
  // computation by computedQueryKey: a key spelled as an array literal is refused.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/core/api/endpointQuery.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            "derive a query key from the endpoint table (endpointQuery, endpointQueryKey, endpointsFilter; a browser-side computation: computedQueryKey), don't spell it",
        },
        {
          selector: 'VariableDeclarator[id.name=/(Key|KEY)$/] ArrayExpression',
          message:
            "derive a query key from the endpoint table (endpointQueryKey, endpointsFilter; a browser-side computation: computedQueryKey), don't spell it",
        },
      ],
    },
  },
  // File size (issue 20): a file over 400 lines of code is split by what it holds. Generated FFT
  // kernels are exempt; the files listed in OVERSIZED are the ones still to split (each may only
  // shrink: its cap is its size when the rule came).
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: GENERATED,
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true }] },
  },
  ...Object.entries(OVERSIZED).map(([file, max]) => ({
    files: [file],
    rules: { 'max-lines': ['error', { max, skipBlankLines: true, skipComments: true }] },
  })),
);
