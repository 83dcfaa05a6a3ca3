import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Web test files that need a fresh module graph and a fresh DOM of their own: those that replace a
 * module (`vi.mock`), a global, the clock or the environment. They run isolated (`web:isolated`);
 * every other web test file shares its worker's modules and happy-dom window with the files before it
 * (`isolate: false`): antd, the six languages and the app's modules load once per worker instead of
 * once per file, which more than halves the web tier's time (docs/testing.md). The setup file resets
 * what such files could leave behind (DOM, storage, language).
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(|Object\.defineProperty\((window|globalThis|navigator|document)\b/;
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const webTests = (fs.readdirSync(webSrc, { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `apps/web/src/${f.split(path.sep).join('/')}`);
const isolatedWebTests = webTests.filter((f) => NEEDS_ISOLATION.test(fs.readFileSync(path.join(import.meta.dirname, f), 'utf8')));

/**
 * Three test tiers (CONVENTIONS.md): `unit` beside the code, `api` against the real embedded
 * database and broker, `e2e` in headless Chromium against the real server.
 */
/**
 * The api tests run a second time on PostgreSQL + Mosquitto + S3 (project `api:external`): those that
 * exercise the database, the broker (live measurement through the relay, ingest, scheduler) and the
 * object storage through the server's own interfaces. Tests that reach into the embedded parts
 * (aedes, the data directory's files, the PGlite template) stay in `api` only.
 */
const EXTERNAL_API_TESTS = [
  'measure',
  'measurement-detail',
  'measurement-signal',
  'point-images',
  'share-links',
  'ingest-receiving',
  'fault-reports-ingest',
].map((f) => `apps/server/test/${f}.test.ts`);

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle: one worker on a 2-core machine). The api and e2e
    // tiers still run one file at a time (fileParallelism: false), after the others.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/gateway-sim/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: isolatedWebTests,
          isolate: false,
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/app/testing/setup.ts'],
          // Form dialogs with many antd fields take 1–2 s alone and over 5 s (vitest's default)
          // when the two cores also run the API tests: a timeout there says nothing about the code.
          testTimeout: 20000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web:isolated',
          include: isolatedWebTests,
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/app/testing/setup.ts'],
          testTimeout: 20000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts', 'apps/gateway-sim/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          globalSetup: ['apps/server/test/global-setup.ts'],
          fileParallelism: false,
          // One worker takes every file in turn, its modules loaded once (not a new process and a
          // fresh import of the server per file, ~6 s each on 2 cores). Each file starts its own
          // server on its own copy of the database; module-level caches are keyed by database
          // (e.g. jobs/alarms/evaluate.ts), so nothing a file leaves in memory applies to the next.
          isolate: false,
          // after unit and web (which run on every core), before e2e: a group of its own, one worker
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Issue 19: the API tests that touch the database, the broker and the object storage, again
          // with each server on PostgreSQL, Mosquitto and an S3 API (apps/server/test/support/external-infra.ts)
          name: 'api:external',
          include: EXTERNAL_API_TESTS,
          env: { OVERTONE_TEST_INFRA: 'external' },
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          globalSetup: ['apps/server/test/external-setup.ts'],
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          globalSetup: ['apps/server/test/global-setup.ts'],
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 180000,
          hookTimeout: 300000,
          fileParallelism: false,
        },
      },
    ],
  },
});
