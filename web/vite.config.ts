import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The folder of this file, so that `vite build web` (from the repo root) and
// `vite --config web/vite.config.ts` behave the same.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const apiTarget = process.env.HAMLOG_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  root,
  plugins: [react(), dropInjectedStyles(), precompress()],
  resolve: {
    alias: { '@': `${root}src` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: the server would publish them (infra/src/http/app.ts refuses *.map too).
    sourcemap: false,
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

/**
 * globe.gl and two of its dependencies add their few CSS rules as <style> elements when loaded,
 * which the site's Content-Security-Policy (style-src 'self') refuses, with a console error each.
 * The rules the globe needs are in features/globe/components/globe.css, so the injections are
 * dropped from the build.
 */
function dropInjectedStyles(): Plugin {
  const injectors = /node_modules\/(globe\.gl|three-render-objects|float-tooltip)\/dist\/[^/]+\.mjs$/;
  return {
    name: 'hamlog-drop-injected-styles',
    apply: 'build',
    transform(code, id) {
      if (!injectors.test(id)) return null;
      const stripped = code.replace(/^styleInject\(css_248z\);$/m, '');
      if (stripped === code) this.warn(`no styleInject(css_248z) in ${id}: its <style> would break the CSP`);
      return { code: stripped, map: null };
    },
  };
}

/**
 * Writes a .br and a .gz beside each text asset of the build, at the best levels, once; the
 * server sends them to callers that accept them (infra/src/http/compressed-answers.ts).
 */
function precompress(): Plugin {
  let dist = join(root, 'dist');
  return {
    name: 'hamlog-precompress',
    apply: 'build',
    configResolved(config) {
      dist = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const name of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        const file = join(dist, name);
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(name) || statSync(file).size < 1_024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
