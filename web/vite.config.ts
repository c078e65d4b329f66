import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The folder of this file, so that `vite build web` (from the repo root) and
// `vite --config web/vite.config.ts` behave the same.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = process.env.HAMLOG_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react()],
  resolve: {
    alias: { '@': `${root}src` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
});
