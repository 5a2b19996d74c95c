import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-setup/longest-first-sequencer.mjs';

// Workspace packages export a "source" condition pointing at src/index.ts, so tests run against
// the TypeScript source (no build step, no stale dist). Relative `.js` imports resolve to `.ts`
// files on their own (Vite does that for TypeScript importers).
const conditions = ['source'];

export default defineConfig({
  // The console's build-time constants (apps/console/vite.config.ts), fixed for tests: a sandbox
  // build with no branch. Components take them as props where a test needs other values.
  define: {
    __BOON_BUILD_BRANCH__: JSON.stringify(''),
    __BOON_PRODUCTION_BUILD__: JSON.stringify(false),
  },
  resolve: { conditions: [...conditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  // Vitest's own environment, which runs globalSetup files in the main process.
  environments: {
    __vitest__: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  },
  test: {
    // Imports from 'vitest' are explicit; no injected globals.
    globals: false,
    // A project with no test files yet (api, early on) is not a failure.
    passWithNoTests: true,
    // Vitest's default is one worker fewer than the cores: one, on this two-core machine, which
    // left the second core idle (the console project: 98 s with one worker, 64 s with two).
    // Every project has the same number, so any of them can run in one invocation.
    maxWorkers: 2,
    // The longest API and console files start first, whether or not an earlier run left their
    // timings (and ahead of files that failed last time; with a sequencer of our own,
    // --sequence.shuffle shuffles the tests within files only).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Most unit tests take milliseconds; the lint-rule tests run ESLint on sample files,
          // which took over the 5 s default on a machine loaded by other work.
          testTimeout: 15_000,
          include: [
            'packages/**/src/**/*.test.ts',
            'services/**/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            // The server keeps some tests in apps/server/test; the api ones run in the api project.
            'apps/server/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The console's build plugins (the console's own tests run in jsdom, below).
            'apps/console/vite/**/*.test.ts',
          ],
          // packages/ui renders components: its tests belong to the jsdom project.
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            '**/*.api.test.ts',
            'packages/ui/**',
            'packages/console-kit/**',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: [
            'apps/console/src/**/*.test.{ts,tsx}',
            'packages/ui/src/**/*.test.{ts,tsx}',
            'packages/console-kit/src/**/*.test.{ts,tsx}',
            'console-apps/*/src/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.api.test.ts'],
          setupFiles: ['scripts/test-setup/dom.ts'],
          // One jsdom window and one copy of React, the router and the rest per worker instead of
          // a new process per file, which set-up dominated; the setup file resets the page and
          // our modules between files.
          isolate: false,
          // A screen's first test also loads its lazy modules; on a busy two-core machine that
          // alone has taken 4-5 s, so the default 5 s limit failed tests that were not slow.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: [
            'apps/**/*.api.test.ts',
            'services/**/*.api.test.ts',
            'packages/**/*.api.test.ts',
          ],
          // `*.pg.api.test.ts` need a PostgreSQL server that several processes share, so they run
          // where DATABASE_URL names one (CI's second pass), and are not collected otherwise.
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            ...(process.env.DATABASE_URL ? [] : ['**/*.pg.api.test.ts']),
          ],
          // Each file opens its own database, copied from templates built once for the run (a
          // migrated one and one with the demo data: see openTestDatabase).
          globalSetup: ['scripts/test-setup/api-databases.ts'],
          // The server's modules (Fastify, the provider, drizzle, zod) load once per worker instead
          // of once per file; every file still builds its own app on its own database.
          isolate: false,
          // An embedded PGlite is ~0.7 GB and the box has two cores, so at most two files at a
          // time (maxWorkers, above) and time limits that survive a busy machine.
          // Its own group runs after unit and console, so the databases do not compete with the
          // fast tests.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
