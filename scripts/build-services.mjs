#!/usr/bin/env node
// `npm run build:services`: each service of the production shape as one JavaScript file in
// dist/services/ (the workspaces' TypeScript bundled; packages from node_modules left as imports),
// and beside them the modules that run in threads or processes of their own (siblingModule). The
// production shape runs these with plain node: no tsx, no npm (decision 0055).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const entryPoints = {
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  projectors: 'projectors/src/main.ts',
  stream: 'stream/src/main.ts',
  // Started by the services above, next to them.
  'decide-worker': 'command-api/src/import/decide-worker.ts',
  'live-process': 'query-api/src/live/live-process.ts',
  'check-worker': 'query-api/src/contests/check-worker.ts',
};

// Every package a workspace depends on stays an import, resolved from node_modules at run time.
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const external = new Set();
for (const dir of ['.', ...workspaces]) {
  const file = join(root, dir, 'package.json');
  if (!existsSync(file)) continue;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) if (!name.startsWith('@hamlog/')) external.add(name);
}

await build({
  absWorkingDir: root,
  entryPoints,
  outdir: 'dist/services',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS that calls require() for a package left outside needs a require in ESM.
  banner: { js: "import { createRequire as __hamlogRequire } from 'node:module'; const require = __hamlogRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`services built: ${readdirSync(join(root, 'dist/services')).filter((f) => f.endsWith('.js')).join(', ')}`);
