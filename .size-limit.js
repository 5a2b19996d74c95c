// Size budgets checked by `npm test` (size-limit with @size-limit/file: gzip sizes, and brotli
// where the budget is for what the server sends, which is the build's brotli copies).
// The files come from Vite's build manifest, so hashed names are picked up without editing this
// file. See scripts/lib/first-screen.mjs for how the sets are computed.
import path from 'node:path';

import {
  consoleAppChunks,
  consoleDist,
  firstScreen,
  readManifest,
  signInHandOff,
} from './scripts/lib/first-screen.mjs';

/**
 * The console apps (console-apps/<app>) by name, with their budgets. Each must build into one
 * lazy chunk, app-<app> (apps/console/vite.config.ts), that the first screen does not load, its
 * own code within its budget (60 KB gzip unless named). Shared chunks it loads (zod, the table)
 * are everyone's and are not charged to it.
 */
const appBudgets = /** @type {Record<string, string>} */ ({
  accounts: '60 KB',
  billing: '60 KB',
  // The network's list and details, with the markdown parser its details page runs.
  catalog: '40 KB',
  // Ordering (its steps, history and details).
  orders: '60 KB',
});
const consoleApps = Object.keys(appBudgets);

const manifest = readManifest();
const inDist = (/** @type {string[]} */ files) => files.map((file) => path.join(consoleDist, file));
const firstScreenJs = firstScreen(manifest).js;

const appChunks = consoleAppChunks(manifest);
for (const chunk of appChunks) {
  if (!consoleApps.includes(chunk.app)) {
    throw new Error(`console-apps/${chunk.app} has no size budget: add it to .size-limit.js.`);
  }
  if (firstScreenJs.includes(chunk.file)) {
    throw new Error(`console app ${chunk.app} loads before the first screen (${chunk.file}).`);
  }
}

export default [
  {
    // A signed-out visit to / or /login runs only the entry, which sends the browser on to the
    // provider's sign-in form (apps/console/src/auth/sign-in-hand-off.ts): it must stay a few
    // kilobytes, or the form shows later on a slow line (`npm run bench` measures it).
    name: 'console: JavaScript before the sign-in redirect (brotli, as served)',
    path: inDist(signInHandOff(manifest).js),
    limit: '6 KB',
    brotli: true,
  },
  {
    name: 'console: JavaScript before the first screen',
    path: inDist(firstScreenJs),
    limit: '150 KB',
    gzip: true,
  },
  ...consoleApps.map((app) => {
    const chunks = appChunks.filter((chunk) => chunk.app === app);
    const [chunk] = chunks;
    if (!chunk || chunks.length > 1) {
      const found = chunks.map((c) => c.chunk).join(', ') || 'none';
      throw new Error(
        `console app ${app} must build into one lazy chunk, app-${app}; found ${found}.`,
      );
    }
    return {
      name: `console app ${app}: ${chunk.chunk}`,
      path: inDist([chunk.file]),
      limit: appBudgets[app] ?? '60 KB',
      gzip: true,
    };
  }),
];
