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
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/mqtt': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
