import { BaseSequencer } from 'vitest/node';

/** @typedef {import('vitest/node').TestSpecification} TestSpecification */

/**
 * The API and console test files that take longest, longest first (seconds on a slow 2-core
 * machine, with another suite running alongside). Vitest starts the files it has no timings for (a
 * fresh clone, CI) largest first, and some are short files with long tests: the 68 s simulation
 * was started last and ran alone for a minute while the other worker idled, the 90 s persistence
 * test started five minutes in. A file left out of this list only loses this head start.
 */
const LONGEST_FIRST = [
  'console-apps/orders/src/order-create/order-flow.test.tsx', // 43 s
  'console-apps/accounts/src/team/components/team-page.test.tsx', // 29 s
  'console-apps/accounts/src/pending-customers/components/pending-customers-page.test.tsx', // 17 s
  'console-apps/orders/src/bulk/bulk-flow.test.tsx', // 16 s
  'apps/console/src/features/debug/components/component-library-page.test.tsx', // 14 s
  'apps/server/test/persistence.api.test.ts', // 90 s
  'services/billing/src/ledger/simulation.api.test.ts', // 68 s
  'apps/server/test/route-access.api.test.ts', // 49 s
  'packages/db/src/jobs.api.test.ts', // 49 s
  'apps/server/test/random-bodies.api.test.ts', // 29 s
  'services/customer-management/src/seed-demo.api.test.ts', // 28 s
  'apps/server/test/public-host.api.test.ts', // 24 s
];

/** Vitest's order, except that each project starts with its files of LONGEST_FIRST. */
export default class LongestFirstSequencer extends BaseSequencer {
  /**
   * @override
   * @param {TestSpecification[]} files
   * @returns {Promise<TestSpecification[]>}
   */
  async sort(files) {
    const sorted = await super.sort(files);
    const rank = (/** @type {TestSpecification} */ spec) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // The base order keeps each project's files together; reorder within each run of them.
    /** @type {TestSpecification[][]} */
    const runs = [];
    for (const spec of sorted) {
      const last = runs.at(-1);
      if (last && last[0]?.project === spec.project) last.push(spec);
      else runs.push([spec]);
    }
    // Array.prototype.sort is stable: the files outside the list keep Vitest's order.
    return runs.flatMap((run) => run.sort((a, b) => rank(a) - rank(b)));
  }
}
