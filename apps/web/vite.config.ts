import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) in development; in production it serves `dist/` itself. */
const API_TARGET = process.env.OVERTONE_API ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Ant Design alone is ~1 MB unminified; vendor groups cache across releases.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/](zod|i18next|react-i18next|altcha)[\\/]/, priority: 1 },
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
