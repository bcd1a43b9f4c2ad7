import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The admin app. Built from the repo root with `npm run build:web` into web/dist, which the local gateway and
 * the S3 bucket serve. For a stand-alone `vite --config web/vite.config.ts` dev server, set API_PROXY_TARGET
 * (e.g. http://localhost:3000) to forward /api and /media to a running local stack.
 */
const proxyTarget = process.env.API_PROXY_TARGET;

export default defineConfig({
  root: webDir,
  plugins: [react()],
  resolve: {
    alias: {
      // sanitize-html (shared/rich-text.ts) needs postcss only to parse style attributes, which it never keeps:
      // the Lambdas' stand-in spares the editor and preview chunks ~56 KB. See functions/lib/lambda-postcss.ts.
      postcss: fileURLToPath(new URL('../functions/lib/lambda-postcss.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: proxyTarget
    ? {
        proxy: {
          '/api': { target: proxyTarget, changeOrigin: true },
          '/media': { target: proxyTarget, changeOrigin: true },
        },
      }
    : {},
});
