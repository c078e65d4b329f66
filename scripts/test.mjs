#!/usr/bin/env node
// `npm test`: type-check, lint, build the client, run every suite (units, contracts against the real
// engines, browser journeys) and end with one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('npx', ['tsc', '-p', 'tsconfig.json']) !== 0 || run('npx', ['tsc', '-p', 'web']) !== 0) {
  console.error('type check failed');
  process.exit(1);
}
// ESLint: typescript-eslint's recommended rules and the folder boundaries (eslint.config.js). The
// suites still run after a lint failure; `npm test` fails at the end.
const lintFailed = run('npm', ['run', 'lint', '--silent']) !== 0;
if (run('npm', ['run', 'build', '-w', '@hamlog/web', '--silent']) !== 0) process.exit(1);

mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)], {
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
});
if (!existsSync(out)) process.exit(status || 1);
const r = JSON.parse(readFileSync(out, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
// A file that fails to load has no failed test but is a failure all the same.
const brokenFiles = (r.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
const failed = r.numFailedTests + brokenFiles;
if (lintFailed) console.error('\nlint failed: see `npm run lint`');
console.log(`\ntests: ${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
process.exit(lintFailed || status !== 0 || failed > 0 || r.success === false ? 1 : 0);
