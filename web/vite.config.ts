import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// root is web/ (scripts/build.mjs runs `vite build` with cwd web/); the API serves dist/web in production.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: '.',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
});
