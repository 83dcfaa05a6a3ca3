import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three test tiers (CONVENTIONS.md): `unit` beside the code, `api` against the real embedded
 * database and broker, `e2e` in headless Chromium against the real server.
 */
export default defineConfig({
  test: {
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
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/app/testing/setup.ts'],
          // Form dialogs with many antd fields take 1–2 s alone and over 5 s (vitest's default)
          // when the two cores also run the API tests: a timeout there says nothing about the code.
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
        },
      },
      {
        test: {
          name: 'e2e',
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
