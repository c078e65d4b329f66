import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's own '@/...' imports (web/tsconfig.json paths), for component tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    include: ['{domain,infra,command-api,query-api,projectors,stream,gateway,bench}/test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'e2e/tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['infra/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // expect.poll waits for what another process or the browser does; 1 s (vitest's default) is too short under CI load.
    expect: { poll: { timeout: 10_000 } },
  },
});
