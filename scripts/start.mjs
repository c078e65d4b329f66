#!/usr/bin/env node
// `npm start`: the whole product in one process on the embedded default (no services to set up).
// Builds the client the first time, then starts the server on PORT (default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('web/dist/index.html')) {
  console.log('Building the web client (first start only)...');
  const built = spawnSync('npm', ['run', 'build', '-w', '@hamlog/web', '--silent'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
