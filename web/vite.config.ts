import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The admin app. Built from the repo root with `npm run build:web` into web/dist, which the local gateway and
 * the S3 bucket serve. For a stand-alone `vite --config web/vite.config.ts` dev server, set API_PROXY_TARGET
 * (e.g. http://localhost:3000) to forward /api and /media to a running local stack.
 */
const proxyTarget = process.env.API_PROXY_TARGET;

/** `new Function("return this")()`, `Function('return this')()`: old bundles' way to find the global object. */
const GLOBAL_BY_EVAL = /(?:new\s+)?Function\(\s*(["'`])return this\1\s*\)\(\)/g;

/**
 * The CSP allows no eval. Some dependencies (@editorjs/image bundles webpack's `global` shim) ask for the global
 * object with `Function("return this")()`: blocked, caught, harmless, but reported as a violation on every
 * editor screen. They get `globalThis` instead, which every browser we support has.
 */
function globalWithoutEval(): Plugin {
  return {
    name: 'global-without-eval',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('node_modules') || !GLOBAL_BY_EVAL.test(code)) return null;
      GLOBAL_BY_EVAL.lastIndex = 0;
      return { code: code.replace(GLOBAL_BY_EVAL, 'globalThis'), map: null };
    },
  };
}

export default defineConfig({
  root: webDir,
  plugins: [react(), globalWithoutEval()],
  resolve: {
    alias: {
      // sanitize-html (shared/rich-text.ts) needs postcss only to parse style attributes, which it never keeps:
      // the Lambdas' stand-in spares the editor and preview chunks ~56 KB. See infra/aws/stand-ins/postcss.ts.
      postcss: fileURLToPath(new URL('../infra/aws/stand-ins/postcss.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: proxyTarget
    ? {
        proxy: {
          // xfwd: x-forwarded-host names this server, the host the sign-in routes compare a browser's Origin with
          // (changeOrigin gives the stack its own Host).
          '/api': { target: proxyTarget, changeOrigin: true, xfwd: true },
          '/media': { target: proxyTarget, changeOrigin: true },
        },
      }
    : {},
});
