import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

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
  test: {
    // Imports from 'vitest' are explicit; no injected globals.
    globals: false,
    // A project with no test files yet (api, early on) is not a failure.
    passWithNoTests: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/**/src/**/*.test.ts',
            'services/**/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            // The server keeps some tests in apps/server/test; the api ones run in the api project.
            'apps/server/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // packages/ui renders components: its tests belong to the jsdom project.
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.api.test.ts', 'packages/ui/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['apps/console/src/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.api.test.ts'],
          setupFiles: ['scripts/test-setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/**/*.api.test.ts', 'services/**/*.api.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // Each file opens its own embedded PGlite (~0.7 GB, 1.5-2.5 s to start) and the box has
          // two cores, so at most two files at a time and time limits that survive a busy machine.
          // Its own group runs after unit and console (Vitest requires a separate group for a
          // different maxWorkers), so the databases do not compete with the fast tests either.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
