import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that time what they do, or load the machine on their own (thousands of sockets, every
 * service as a process): they run one at a time, after the rest has run two files at a time.
 */
const ALONE = [
  'gateway/test/scale-out.test.ts',
  'gateway/test/production-shape.test.ts',
  'gateway/test/front-door.test.ts',
  'gateway/test/live-off-the-write-loop.test.ts',
  'gateway/test/live-socket.test.ts',
  'gateway/test/pin-timing.test.ts',
  'gateway/test/upload-memory.test.ts',
  'gateway/test/database-restart.test.ts',
  'gateway/test/read-your-writes.test.ts',
  'gateway/test/read-your-writes-split.test.ts',
  'gateway/test/fast-lane.test.ts',
  'domain/test/load-time.test.ts',
];

export default defineConfig({
  // The client's own '@/...' imports (web/tsconfig.json paths), for component tests.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    globalSetup: ['infra/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // expect.poll waits for what another process or the browser does; 1 s (vitest's default) is too short under CI load.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'together',
          include: ['{domain,infra,command-api,query-api,projectors,stream,gateway,bench}/test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'e2e/tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE],
          // Most files wait on the engines, the browser or a server as much as they compute.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
