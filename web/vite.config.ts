/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// root is web/ (scripts/build.mjs runs `vite build` with cwd web/); the API serves dist/web in production.
// In development (`npx vite` in web/) calls go through this proxy to the API (API_URL overrides).
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const outDir = '../dist/web';

/**
 * Writes .gz and .br next to every text asset of the build, so the API's static serving can send them
 * as they are (@fastify/static `preCompressed: true`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let dir = '';
  return {
    name: 'stampline-precompress',
    apply: 'build',
    configResolved(config) {
      dir = config.build.outDir;
    },
    closeBundle() {
      const visit = (folder: string) => {
        for (const name of readdirSync(folder)) {
          const path = join(folder, name);
          if (statSync(path).isDirectory()) visit(path);
          else if (/\.(js|css|html|svg|json)$/.test(name) && statSync(path).size > 1024) {
            const content = readFileSync(path);
            writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      visit(dir);
    },
  };
}

export default defineConfig({
  root: '.',
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      '/api': { target: api },
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
