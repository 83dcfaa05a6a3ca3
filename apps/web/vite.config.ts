import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

/** The API server (apps/server) in development; in production it serves `dist/` itself. */
const API_TARGET = process.env.OVERTONE_API ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route imports (bench/assets.bench.ts counts the
    // login page's); a dot-directory, never served.
    manifest: true,
    // The largest chunk left is ECharts (~570 KB raw), loaded only by the dashboard.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract's modules (zod schemas, constants) have no side effects: a module whose exports a
      // chunk does not use is left out of it, so the login page does not carry the schemas of the
      // screens behind the login (the barrel `@overtone/contract` otherwise pulls in every module).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // React and the small libraries every page needs, the login page included, are groups that
        // cache across releases; Ant Design is split with the routes that use each component (one
        // Ant Design group would put every component of every screen on the login page).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/](zod|i18next|react-i18next|altcha)[\\/]/, priority: 1 },
            // The chart maths of @overtone/dsp the pages import statically (`@overtone/dsp/kinematics`,
            // `/integration`): one small chunk of its own, shared with the DSP chunk, so the DSP chunk
            // (which re-exports them) does not import a page chunk holding them.
            { name: 'dsp-kinematics', test: /packages[\\/]dsp[\\/]src[\\/](kinematics|integration|units)\.ts$/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/mqtt': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
