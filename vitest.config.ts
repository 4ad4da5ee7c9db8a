import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (the default leaves one core idle): the API tests
    // wait on their database thread about as much as they compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates one PGlite database that the tests' in-memory stores start from.
          globalSetup: ['test/pglite-template.ts'],
          // PGlite is WebAssembly that each test opens anew (a database per test app): V8's
          // optimising tier would compile it again every time, about 3.5 s of CPU each, for
          // tests that run it for a fraction of that. The baseline tier halves that CPU.
          execArgv: ['--liftoff-only'],
          // Files share a worker's modules (the app, drizzle, PGlite's loader) instead of loading
          // them again each: about a third of the suite's CPU. Every test builds its own app and
          // database, and no server test mocks a module, so nothing leaks between files.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
          // On PostgreSQL the files share one database: one at a time. On PGlite each test has its
          // own in-memory store, so files run side by side.
          fileParallelism: !process.env.DATABASE_URL,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
