// Size budgets checked by `npm test` (size-limit with @size-limit/file: gzip sizes, and brotli
// where the budget is for what the server sends, which is the build's brotli copies).
// The files come from Vite's build manifest, so hashed names are picked up without editing this
// file. See scripts/lib/first-screen.mjs for how the sets are computed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

import {
  COMPANY_NAME_MAX_LENGTH,
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_HEADER_MAX_LENGTH,
  PRODUCT_CHOICE_MAX,
} from '@boon/contracts';

import {
  consoleAppChunks,
  consoleDist,
  firstScreen,
  readManifest,
  signInHandOff,
} from './scripts/lib/first-screen.mjs';

/**
 * The console apps (console-apps/<app>) by name, with their budgets. Each must build into one
 * lazy chunk, app-<app> (apps/console/vite.config.ts), and at most one more for what only its
 * forms need, app-<app>-forms, that the first screen does not load; its own code, both chunks
 * together, within its budget (60 KB gzip unless named). Shared chunks it loads (zod, the table)
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

const root = path.dirname(fileURLToPath(import.meta.url));
const manifest = readManifest();
const inDist = (/** @type {string[]} */ files) => files.map((file) => path.join(consoleDist, file));
const firstScreenJs = firstScreen(manifest).js;

/**
 * The recipient's page (/redeem/{token}) has no script at all (its CSP allows none), so its
 * budget is the page itself as the server sends it: rendered by the built server at its heaviest
 * (the longest message the contracts allow, in several scripts, twenty merchants to choose from;
 * then a claimed code with its instructions) and compressed as the server compresses it (brotli
 * at quality 4, response-compression.ts). The merchants' logos are images of their own, cached
 * across pages.
 */
async function renderedRedemptionPages() {
  const built = path.join(root, 'services/ordering/dist/redemption/redemption-page.js');
  if (!fs.existsSync(built)) {
    throw new Error(`${path.relative(root, built)} is missing. Run \`npm run build\` first.`);
  }
  const { redemptionPage } =
    /** @type {typeof import('./services/ordering/src/redemption/redemption-page.js')} */ (
      await import(pathToFileURL(built).href)
    );
  // Text that compresses like people's, in the scripts they write (not one repeated letter):
  // words drawn by a fixed generator (mulberry32), so every run measures the same page.
  const words = [
    ...'thank you for all the work this year team great support launch customers quarter enjoy choose gift'.split(
      ' ',
    ),
    ...'merci beaucoup pour votre travail danke für alles gracias por todo obrigado'.split(' '),
    ...'спасибо за вашу работу شكرا لكم ありがとうございます 感谢您的辛勤工作 감사합니다'.split(
      ' ',
    ),
  ];
  let seed = 42;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const text = (/** @type {number} */ length) => {
    let out = '';
    while (out.length < length) out += `${words[Math.floor(random() * words.length)]} `;
    return out.slice(0, length).trim();
  };
  const redemption = {
    status: /** @type {const} */ ('AVAILABLE'),
    senderName: text(COMPANY_NAME_MAX_LENGTH),
    message: {
      header: text(MESSAGE_HEADER_MAX_LENGTH),
      body: text(MESSAGE_BODY_MAX_LENGTH),
      colour: '#4f46e5',
    },
    currency: 'USD',
    faceValue: '100000.00',
    expiresAt: '2027-02-25T09:53:48.532Z',
    choices: Array.from({ length: PRODUCT_CHOICE_MAX }, (_, index) => ({
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
      productName: text(40),
      code: 'ABCD-EFGH-IJKL-MNOP-QRST',
      pin: '123456',
      redemptionInstructions: Array.from({ length: 8 }, (_, i) => `${i + 1}. ${text(120)}`).join(
        '\n',
      ),
      claimedAt: '2026-11-27T10:00:00.000Z',
    },
  };
  // Rewritten on every run, beside the other test results (git ignores the folder).
  const dir = path.join(root, '.test-results/size-limit');
  fs.mkdirSync(dir, { recursive: true });
  const token = `WG-SL-${'x'.repeat(24)}`;
  return [
    { label: 'to claim', html: redemptionPage(token, redemption, 'Boon') },
    { label: 'claimed', html: redemptionPage(token, claimed, 'Boon') },
  ].map(({ label, html }) => {
    const file = path.join(dir, `redemption-${label.replace(' ', '-')}.html.br`);
    fs.writeFileSync(
      file,
      brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }),
    );
    return { label, file };
  });
}

/**
 * Apps whose main chunk (their lists and details: Team, Balances, Merchants) loads no zod: only
 * their forms validate, and those come in app-<app>-forms when a form opens. Lighthouse's mobile
 * Team score went from 89 to 96 (medians of 5) when zod and the form kit (about 43 KB gzip) left
 * its first load.
 */
const appsShownWithoutZod = ['accounts', 'billing', 'catalog'];

const appChunks = consoleAppChunks(manifest);
for (const chunk of appChunks) {
  if (!chunk.forms && appsShownWithoutZod.includes(chunk.app)) {
    const zod = chunk.js.find((file) => /(^|\/)zod-[^/]*\.js$/.test(file));
    if (zod) {
      throw new Error(
        `${chunk.chunk} loads zod (${zod}) before its screens show: a module it runs imports a schema; load it with the app's forms instead.`,
      );
    }
  }
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
  ...(await renderedRedemptionPages()).map(({ label, file }) => ({
    name: `recipient's page (/redeem), ${label}: the page as sent, no script (brotli 4, as served)`,
    path: [file],
    limit: '4 KB',
    // Compressed already, as the server sends it: measured as it is.
    brotli: false,
  })),
  ...consoleApps.map((app) => {
    const chunks = appChunks.filter((chunk) => chunk.app === app);
    const main = chunks.filter((chunk) => !chunk.forms);
    const forms = chunks.filter((chunk) => chunk.forms);
    if (main.length !== 1 || forms.length > 1) {
      const found = chunks.map((c) => c.chunk).join(', ') || 'none';
      throw new Error(
        `console app ${app} must build into one lazy chunk, app-${app}, and at most app-${app}-forms; found ${found}.`,
      );
    }
    return {
      name: `console app ${app}: ${chunks.map((chunk) => chunk.chunk).join(' + ')}`,
      path: inDist(chunks.map((chunk) => chunk.file)),
      limit: appBudgets[app] ?? '60 KB',
      gzip: true,
    };
  }),
];
