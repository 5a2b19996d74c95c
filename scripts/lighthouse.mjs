// `npm run lighthouse`: Lighthouse (its default mobile run: a phone's screen, 150 ms round trip,
// 1.6 Mbps, CPU 4x, simulated) on /login, Home and Team, each several times, against a freshly
// built server on a new database, and the medians of performance and accessibility. Home and
// Team are seen by owner@acme.test, signed in without the UI (scripts/lib/sign-in-without-ui.mjs).
// A measuring tool, not a test: it prints numbers and what held them back, and fails only when
// it cannot measure. The reports are kept in .test-results/lighthouse/.
//   node scripts/lighthouse.mjs [--runs 3] [--no-build] [--only login,home,team] [--trace]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

import { repoRoot } from './lib/first-screen.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './lib/server.mjs';
import { signInWithoutUi } from './lib/sign-in-without-ui.mjs';
import { chromiumArgs, chromiumPath, median } from './lib/throttled-visit.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const reportDir = path.join(repoRoot, '.test-results/lighthouse');
const user = 'owner@acme.test';

/** @typedef {{ key: string, name: string, path: string, signedIn: boolean }} Target */
/** @type {Target[]} */
const allTargets = [
  { key: 'login', name: '/login', path: '/login', signedIn: false },
  { key: 'home', name: 'Home', path: '/', signedIn: true },
  { key: 'team', name: 'Team', path: '/team', signedIn: true },
];
const targets = values.only
  ? allTargets.filter((target) => values.only?.split(',').includes(target.key))
  : allTargets;

if (!values['no-build']) {
  console.log('Building (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * What kept a run's scores down: the accessibility audits that failed, and the performance
 * audits that found something to save, worst first.
 * @param {import('lighthouse').Result} lhr
 */
function shortcomings(lhr) {
  const audits = lhr.audits;
  const refs = (/** @type {string} */ category) => lhr.categories[category]?.auditRefs ?? [];
  const accessibility = refs('accessibility')
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null)
    .filter((ref) => (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id}: ${audits[ref.id]?.title}`);
  const performance = refs('performance')
    .map((ref) => audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .filter((audit) => audit?.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit?.id}: ${audit?.displayValue ?? audit?.title}`);
  return { accessibility, performance };
}

/** @param {import('lighthouse').Result} lhr */
function metrics(lhr) {
  const value = (/** @type {string} */ id) => lhr.audits[id]?.displayValue ?? '-';
  return `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}, SI ${value('speed-index')}`;
}

const port = await freePort(8284);
const dataDir = freshDataDir('lighthouse');
// The console as built now, copied: a build that starts meanwhile (another checkout's test run,
// a person's `npm run build`) replaces apps/console/dist's chunks under the server, and the runs
// after it would measure a page whose scripts are missing.
const consoleDist = freshDataDir('lighthouse-console');
fs.cpSync(path.join(repoRoot, 'apps/console/dist'), consoleDist, { recursive: true });
const server = startServer({ port, dataDir, env: { CONSOLE_DIST: consoleDist } });
/** @type {import('puppeteer-core').Browser | undefined} */
let browser;
let failed = false;
try {
  // A cold start migrates and seeds a new database: minutes on a busy machine.
  await msUntilOk(server, '/readyz', 600_000);
  fs.mkdirSync(reportDir, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs.filter((arg) => arg !== '--headless'),
  });
  let signedIn = false;
  /** @type {{ target: Target, performance: number, accessibility: number, lhr: import('lighthouse').Result }[]} */
  const results = [];
  for (const target of targets) {
    // Lighthouse sometimes fails to record a page's trace (NO_NAVSTART, on a busy machine): such a
    // run measured nothing, and is made again, at most twice in all.
    let retries = 2;
    for (let run = 1; run <= runs; run += 1) {
      const page = await browser.newPage();
      if (target.signedIn && !signedIn) {
        // Once: the browser keeps it (storage is not reset for signed-in runs), and renewed
        // tokens replace it there, so a refresh token is never sent twice.
        const state = await signInWithoutUi(server.url, user);
        await page.goto(`${server.url}/healthz`);
        await page.evaluate((items) => {
          for (const item of items) localStorage.setItem(item.name, item.value);
        }, state.origins[0]?.localStorage ?? []);
        signedIn = true;
      }
      // Every run starts from an empty cache, signed in or not.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      const result = await lighthouse(
        `${server.url}${target.path}`,
        {
          onlyCategories: ['performance', 'accessibility'],
          // Signed out: Lighthouse clears the origin's storage and cache itself. Signed in: the
          // session stays, the cache was cleared above.
          disableStorageReset: target.signedIn,
          logLevel: 'error',
        },
        undefined,
        page,
      );
      await page.close();
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.name}`);
      const lhr = result.lhr;
      if (lhr.runtimeError && retries > 0) {
        retries -= 1;
        console.log(
          `  ${target.name.padEnd(7)} #${run}  Lighthouse failed (${lhr.runtimeError.code}); running it again`,
        );
        run -= 1;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
      if (target.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== target.path) {
        throw new Error(`${target.name} ended at ${lhr.finalDisplayedUrl}: not signed in?`);
      }
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      fs.writeFileSync(
        path.join(reportDir, `${target.key}-${run}.json`),
        JSON.stringify(lhr, null, 1),
      );
      if (values.trace) {
        // The page's own trace, for finding which tasks block the main thread (DevTools'
        // Performance panel opens it).
        fs.writeFileSync(
          path.join(reportDir, `${target.key}-${run}.trace.json`),
          JSON.stringify(result.artifacts.Trace),
        );
      }
      console.log(
        `  ${target.name.padEnd(7)} #${run}  performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}  (${metrics(lhr)})  → ${lhr.finalDisplayedUrl}`,
      );
      results.push({ target, performance, accessibility, lhr });
    }
  }

  console.log(
    `\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ''} (mobile), medians of ${runs} run(s); goal: performance ≥ 95, accessibility 100`,
  );
  for (const target of targets) {
    const mine = results.filter((result) => result.target === target);
    const performance = median(mine.map((result) => result.performance));
    const accessibility = median(mine.map((result) => result.accessibility));
    const met = performance >= 95 && accessibility === 100 ? 'met' : 'NOT met';
    console.log(
      `  ${target.name.padEnd(7)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}  ${met}`,
    );
    const typical = [...mine].sort((a, b) => a.performance - b.performance)[
      Math.floor(mine.length / 2)
    ];
    if (!typical) continue;
    const { accessibility: a11yIssues, performance: perfIssues } = shortcomings(typical.lhr);
    for (const issue of a11yIssues) console.log(`      accessibility: ${issue}`);
    for (const issue of perfIssues) console.log(`      performance: ${issue}`);
  }
  console.log(`\nReports: ${path.relative(repoRoot, reportDir)}/<page>-<run>.json`);
} catch (error) {
  failed = true;
  console.error(`\nlighthouse: ${error instanceof Error ? error.message : error}`);
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(consoleDist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
