import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Real server on a free port, real Chromium (/usr/bin/chromium); run with `npm run test:e2e`.
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 150_000,
          // A page waits for its route chunk, catalogue and API on a loaded 2-core CI machine: poll
          // for up to 15 s (the default 1 s made expect.poll flaky there).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One server and one browser at a time; test files share nothing else.
          fileParallelism: false,
        },
      },
    ],
  },
});
