// Size budgets checked by `npm test` (size-limit with @size-limit/file: gzip sizes, and brotli
// where the budget is for what the server sends, which is the build's brotli copies).
// The files come from Vite's build manifest, so hashed names are picked up without editing this
// file. See scripts/lib/first-screen.mjs for how the sets are computed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { redemptionPage } from './services/ordering/dist/redemption/redemption-page.js';

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

/**
 * The recipient's page (/redeem/{token}) has no script at all (its CSP allows none), so its
 * budget is the page itself, as the server renders it, at its heaviest: the longest message the
 * contracts allow, twenty merchants to choose from, then a claimed code with its instructions.
 * The merchants' logos are images of their own, cached across pages.
 */
function renderedRedemptionPages() {
  // Text that compresses like a person's (not one repeated letter): words drawn by a fixed LCG.
  const words =
    'thank you for all the work this year team great support launch customers project quarter holiday reward enjoy choose favourite brand code gift card spend online store delivery'.split(
      ' ',
    );
  let seed = 42;
  const text = (/** @type {number} */ length) => {
    let out = '';
    while (out.length < length) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      out += `${words[seed % words.length]} `;
    }
    return out.slice(0, length).trim();
  };
  const redemption = {
    status: /** @type {const} */ ('AVAILABLE'),
    senderName: 'Acme Corporation Worldwide Holdings',
    message: {
      header: 'H'.repeat(100),
      body: 'Thank you for all you did this year. '.repeat(27),
      colour: '#4f46e5',
    },
    currency: 'USD',
    faceValue: '100000.00',
    expiresAt: '2027-02-25T09:53:48.532Z',
    choices: Array.from({ length: 20 }, (_, index) => ({
      productCode: `MERCHANT-NUMBER-${index}-US`,
      name: text(40),
      logoUrl: `/api/catalog/logos/MERCHANT-NUMBER-${index}-US.svg`,
    })),
    claim: null,
  };
  const claimed = {
    ...redemption,
    status: /** @type {const} */ ('CLAIMED'),
    claim: {
      productCode: 'MERCHANT-NUMBER-0-US',
      productName: 'Merchant number 0 gift card',
      code: 'ABCD-EFGH-IJKL-MNOP-QRST',
      pin: '123456',
      redemptionInstructions: Array.from(
        { length: 6 },
        (_, i) => `${i + 1}. Step ${i + 1} of using the code at the merchant's checkout.`,
      ).join('\n'),
      claimedAt: '2026-11-27T10:00:00.000Z',
    },
  };
  // Rewritten on every run, beside the other test results (git ignores the folder).
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.test-results/size-limit');
  fs.mkdirSync(dir, { recursive: true });
  const token = `WG-SL-${'x'.repeat(24)}`;
  return [
    { label: 'to claim', html: redemptionPage(token, redemption, 'Boon') },
    { label: 'claimed', html: redemptionPage(token, claimed, 'Boon') },
  ].map(({ label, html }) => {
    const file = path.join(dir, `redemption-${label.replace(' ', '-')}.html`);
    fs.writeFileSync(file, html);
    return { label, file };
  });
}

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
  ...renderedRedemptionPages().map(({ label, file }) => ({
    name: `recipient's page (/redeem), ${label}: the page as sent, no script (brotli)`,
    path: [file],
    limit: '3 KB',
    brotli: true,
  })),
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
