// `npm run bench`: how fast the built server starts, how big the built console is, and what a
// first visit costs on a slow phone line: the bytes on the wire and the time until the sign-in
// form (signed out) or Home (signed in) is on screen.
// It prints numbers and never fails on speed: the machine is shared and timings are noisy.
//   node scripts/bench.mjs [--warm-runs 5] [--visits 5]
//     [--only start,sizes,visits,ledger,transactions,orders,bulk,bulk-browser,merchants]
//     [--transactions N] [--requests 200] [--csv-encoding 'gzip, deflate, br']
//     [--postgres-only] (the orders step skips PGlite)
// The ledger and transactions steps run on PostgreSQL only (DATABASE_URL), and say so when it is
// not set. The transactions step measures the list and the CSV export of the volume
// `npm run seed:volume` wrote in that database (--transactions N writes what is missing first).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import {
  consoleAppChunks,
  consoleDist,
  firstScreen,
  gzipBytes,
  readManifest,
  signInHandOff,
} from './lib/first-screen.mjs';
import { benchLedger } from './lib/bench-ledger.mjs';
import { benchTransactions } from './lib/bench-transactions.mjs';
import { benchBulkBrowser } from './lib/bench-bulk-browser.mjs';
import { benchBulk } from './lib/bench-bulk.mjs';
import { benchMerchants, benchOrders } from './lib/bench-orders.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './lib/server.mjs';
import { signInWithoutUi } from './lib/sign-in-without-ui.mjs';
import { launchChromium, median, slowMobile, throttledVisit } from './lib/throttled-visit.mjs';

const { values } = parseArgs({
  options: {
    'warm-runs': { type: 'string', default: '5' },
    visits: { type: 'string', default: '5' },
    only: { type: 'string' },
    'postgres-only': { type: 'boolean', default: false },
    transactions: { type: 'string' },
    requests: { type: 'string', default: '200' },
    'csv-encoding': { type: 'string', default: 'gzip, deflate, br' },
  },
});
const warmRuns = Math.max(1, Number(values['warm-runs']));
const visitRuns = Math.max(1, Number(values.visits));

const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** One start: spawn → first 200 of /healthz and of /readyz, then a graceful stop. */
async function measureStart(/** @type {number} */ port, /** @type {string} */ dataDir) {
  const server = startServer({ port, dataDir });
  try {
    const [healthz, readyz] = await Promise.all([
      msUntilOk(server, '/healthz'),
      msUntilOk(server, '/readyz'),
    ]);
    const stopStart = performance.now();
    await server.stop();
    return { healthz, readyz, stop: performance.now() - stopStart };
  } finally {
    await server.stop();
  }
}

/** @param {string} label @param {{ healthz: number, readyz: number, stop?: number }} result */
function printStart(label, result) {
  const stop = result.stop === undefined ? '' : `  stop ${ms(result.stop).padStart(8)}`;
  console.log(
    `  ${label.padEnd(46)}/healthz ${ms(result.healthz).padStart(8)}  /readyz ${ms(result.readyz).padStart(8)}${stop}`,
  );
}

async function benchStart() {
  const port = await freePort(8282);
  const dataDir = freshDataDir('bench');
  try {
    console.log(`Server start: spawn → first 200 (node apps/server/dist/main.js, port ${port})`);
    printStart('cold (new database: migrations + demo seed)', await measureStart(port, dataDir));
    const warm = [];
    for (let run = 1; run <= warmRuns; run += 1) {
      const result = await measureStart(port, dataDir);
      warm.push(result);
      printStart(`warm #${run} (same database)`, result);
    }
    printStart(`warm median of ${warmRuns}`, {
      healthz: median(warm.map((result) => result.healthz)),
      readyz: median(warm.map((result) => result.readyz)),
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function benchSizes() {
  const manifest = readManifest();
  const assetsDir = path.join(consoleDist, 'assets');
  const assets = fs
    .readdirSync(assetsDir)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const file = path.join(assetsDir, name);
      return { name: `assets/${name}`, raw: fs.statSync(file).size, gzip: gzipBytes(file) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  console.log('\nConsole build (apps/console/dist), gzip level 9 as size-limit measures');
  const width = Math.max(...assets.map((asset) => asset.name.length), 10);
  console.log(`  ${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const asset of assets) {
    console.log(
      `  ${asset.name.padEnd(width)}  ${kb(asset.raw).padStart(10)}  ${kb(asset.gzip).padStart(10)}`,
    );
  }
  const total = (/** @type {string[]} */ files) =>
    files.reduce((sum, file) => sum + gzipBytes(path.join(consoleDist, file)), 0);
  /** What the server sends: the build's brotli copy, or the file when there is none. */
  const served = (/** @type {string[]} */ files) =>
    files.reduce((sum, file) => {
      const absolute = path.join(consoleDist, file);
      return sum + fs.statSync(fs.existsSync(`${absolute}.br`) ? `${absolute}.br` : absolute).size;
    }, 0);
  const first = firstScreen(manifest);
  console.log(
    `  first screen: JavaScript ${kb(total(first.js))} gzip in ${first.js.length} file(s) (budget 150 KB), CSS ${kb(total(first.css))} gzip; as served (brotli) ${kb(served([...first.js, ...first.css]))}`,
  );
  const handOff = signInHandOff(manifest);
  console.log(
    `  before the sign-in redirect (signed out): JavaScript ${kb(served(handOff.js))} brotli in ${handOff.js.length} file(s) (budget 6 KB), CSS ${kb(served(handOff.css))}`,
  );
  const apps = consoleAppChunks(manifest);
  if (apps.length === 0) console.log('  console apps: none built yet');
  for (const chunk of apps) {
    console.log(
      `  console app ${chunk.app} (${chunk.chunk}): ${kb(total([chunk.file]))} gzip (budget 60 KB); ${kb(total(chunk.js))} gzip with the shared chunks it loads`,
    );
  }
}

/** The sign-in form (decisions.md: "Email address", "Password", "Continue"). */
const signInForm = { css: 'input[autocomplete="username"]' };
/** Home with the sidebar, for a signed-in user. */
const signedInHome = { css: 'button', text: 'Log Out' };
/** The goal for the signed-out first visit. */
const SIGN_IN_GOAL_MS = 1500;

/**
 * @param {string} label
 * @param {import('./lib/throttled-visit.mjs').VisitResult[]} runs
 */
function printVisits(label, runs) {
  const wire = (/** @type {import('./lib/throttled-visit.mjs').VisitResult} */ run) =>
    run.transfers.reduce((sum, transfer) => sum + transfer.wire, 0);
  console.log(`  ${label}`);
  runs.forEach((run, index) => {
    console.log(
      `    #${index + 1}  ${ms(run.ms).padStart(8)}  ${kb(wire(run)).padStart(9)} on the wire  ${run.transfers.length} requests, ${run.hops.length} documents`,
    );
  });
  const middle = median(runs.map((run) => run.ms));
  // The run whose time is the median's (the upper one of an even count) shows the breakdown.
  const typical = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)] ?? runs[0];
  if (!typical) return middle;
  console.log(
    `    median of ${runs.length}: ${ms(middle)}, ${kb(median(runs.map(wire)))} on the wire; the median run:`,
  );
  for (const hop of typical.hops) console.log(`      document  ${hop.slice(0, 110)}`);
  for (const transfer of [...typical.transfers].sort((a, b) => a.sentAt - b.sentAt)) {
    const path = transfer.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 64);
    console.log(
      `      ${String(Math.round(transfer.sentAt)).padStart(5)}-${String(Math.round(transfer.doneAt)).padEnd(5)} ms ${String(transfer.status).padEnd(4)}${transfer.type.padEnd(11)}${kb(transfer.wire).padStart(9)} wire ${kb(transfer.body).padStart(9)} body ${(transfer.encoding || '-').padEnd(5)} ${path}`,
    );
  }
  return middle;
}

/** A signed-out first visit and a signed-in one, throttled like Lighthouse's mobile run. */
async function benchVisits() {
  const port = await freePort(8283);
  const dataDir = freshDataDir('bench-visits');
  const server = startServer({ port, dataDir });
  try {
    await msUntilOk(server, '/readyz');
    const browser = await launchChromium();
    try {
      console.log(
        `\nFirst visit on a slow phone line (${slowMobile.latencyMs} ms round trip, ${slowMobile.downloadKbps / 1000} Mbps down, ${slowMobile.uploadKbps} kbps up, CPU ${slowMobile.cpuSlowdown}x slower; empty cache; ${visitRuns} runs)`,
      );
      /** @param {string} path @param {import('./lib/throttled-visit.mjs').Ready} ready @param {any} [storageState] */
      const visits = async (path, ready, storageState) => {
        const runs = [];
        for (let run = 0; run < visitRuns; run += 1) {
          runs.push(await throttledVisit(browser, server.url + path, { ready, storageState }));
        }
        return runs;
      };
      const signedOut = printVisits(
        'signed out, / until the sign-in form shows',
        await visits('/', signInForm),
      );
      console.log(
        `    goal ${ms(SIGN_IN_GOAL_MS)}: ${signedOut <= SIGN_IN_GOAL_MS ? 'met' : 'NOT met'}`,
      );
      printVisits(
        'signed out, /login until the sign-in form shows',
        await visits('/login', signInForm),
      );
      const owner = await signInWithoutUi(server.url, 'owner@acme.test');
      printVisits(
        'signed in as owner@acme.test, / until Home shows',
        await visits('/', signedInHome, owner),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const LEDGER_GOAL = 2000;

async function benchLedgerStep() {
  console.log('\nLedger transfers per second on PostgreSQL (20 clients)');
  const result = await benchLedger();
  if (!result) {
    console.log('  skipped: set DATABASE_URL to a PostgreSQL server to measure the ledger');
    return;
  }
  console.log(
    `  PostgreSQL alone, a one-row update a transaction: ${Math.round(result.spreadCeiling)} /s` +
      ` over 50 rows, ${Math.round(result.hotCeiling)} /s on one row (this machine's ceiling` +
      ` for one transfer a transaction)`,
  );
  for (const [label, value] of [
    ['1 a transaction, over 50 accounts', result.spread],
    ['1 a transaction, one hot account', result.hot],
    ['100 a transaction, over 50 accounts', result.spreadBatched],
    ['100 a transaction, one hot account', result.hotBatched],
    ['1 a request, coalesced, 50 accounts', result.spreadCoalesced],
    ['1 a request, coalesced, hot account', result.hotCoalesced],
  ]) {
    const met = Number(value) >= LEDGER_GOAL ? 'met' : 'NOT met';
    console.log(
      `  ${String(label).padEnd(36)} ${Math.round(Number(value))} /s  (goal ${LEDGER_GOAL}: ${met})`,
    );
  }
}

const LIST_P99_GOAL_MS = 50;
const CSV_ROWS_GOAL = 100_000;
const CSV_MEMORY_GOAL_MB = 150;

async function benchTransactionsStep() {
  console.log(
    '\nTransactions at volume on PostgreSQL: the list (GET /api/billing/transactions) and its CSV export',
  );
  const transactions =
    values.transactions === undefined
      ? undefined
      : Number(values.transactions.replaceAll(/[_,]/g, ''));
  const result = await benchTransactions({
    transactions,
    requests: Math.max(1, Number(values.requests)),
    csvEncoding: values['csv-encoding'],
  });
  if ('skipped' in result) {
    console.log(`  skipped: ${result.skipped}`);
    return;
  }
  const { list, csv } = result;
  console.log(
    `  list: ${list.requests} requests, one at a time over ${list.kinds.length} kinds (median / max ms, rows on the page)`,
  );
  for (const kind of list.kinds) {
    console.log(
      `    ${kind.label.padEnd(44)} ${ms(kind.median).padStart(9)} ${ms(kind.max).padStart(9)} ${String(kind.rows).padStart(4)} rows`,
    );
  }
  const listMet = list.p99 <= LIST_P99_GOAL_MS ? 'met' : 'NOT met';
  console.log(
    `  list p50 ${ms(list.p50)}, p99 ${ms(list.p99)}  (goal p99 <= ${LIST_P99_GOAL_MS} ms: ${listMet})`,
  );
  const rate = csv.rows / csv.seconds;
  const mb = (/** @type {number} */ kbValue) => `${(kbValue / 1024).toFixed(0)} MB`;
  const peakAbove = csv.peakRssKb - csv.idleRssKb;
  console.log(
    `  CSV export${csv.complete ? '' : ' (stopped at the time limit)'}: ${csv.rows.toLocaleString('en-US')} rows in ${csv.seconds.toFixed(1)} s, first byte after ${ms(csv.firstByteMs)}; ${mb(csv.bytes / 1024)} of CSV, ${mb(csv.wireBytes / 1024)} on the wire (Accept-Encoding: ${csv.encoding})`,
  );
  console.log(
    `  CSV rows per second ${Math.round(rate).toLocaleString('en-US')}  (goal >= ${CSV_ROWS_GOAL.toLocaleString('en-US')}: ${rate >= CSV_ROWS_GOAL ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  server RSS idle ${mb(csv.idleRssKb)}, peak ${mb(csv.peakRssKb)}: ${mb(peakAbove)} above idle (goal < ${CSV_MEMORY_GOAL_MB} MB: ${peakAbove / 1024 < CSV_MEMORY_GOAL_MB ? 'met' : 'NOT met'}); above idle at 25/50/75/100% of the export: ${csv.rssByQuarterKb.map(mb).join(' / ')}`,
  );
}

const ORDERS_GOAL = 100;
const ORDERS_P99_GOAL_MS = 100;
const ITEMS_GOAL = 1000;
const MERCHANTS_P99_GOAL_MS = 50;

async function benchOrdersStep() {
  console.log('\nOrders through the built server: one link reward an order');
  const postgresOnly = values['postgres-only'];
  if (postgresOnly && !process.env.DATABASE_URL) {
    throw new Error('--postgres-only measures PostgreSQL alone: set DATABASE_URL to one.');
  }
  const { pglite, postgres } = await benchOrders({ onPglite: !postgresOnly });
  for (const [label, result] of /** @type {const} */ ([
    ['PGlite (embedded)', pglite],
    ['PostgreSQL', postgres],
  ])) {
    if (!result) {
      console.log(
        label === 'PostgreSQL'
          ? `  ${label}: skipped, set DATABASE_URL to a PostgreSQL server`
          : `  ${label}: skipped (--postgres-only)`,
      );
      continue;
    }
    const goals = label === 'PostgreSQL';
    const met = (/** @type {boolean} */ ok) => (goals ? (ok ? ': met' : ': NOT met') : '');
    console.log(`  ${label}`);
    console.log(
      `    creation latency, one at a time (${result.latency.n}): p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}${goals ? ` (goal p99 <= ${ORDERS_P99_GOAL_MS} ms${met(result.latency.p99 <= ORDERS_P99_GOAL_MS)})` : ''}`,
    );
    console.log(
      `    most it takes, ${20} clients back to back: ${Math.round(result.sustained.perSecond)} orders/s, p99 ${ms(result.sustained.p99)} (${result.sustained.n} orders)`,
    );
    const steady = result.atRate;
    console.log(
      // Every order was answered 201 (any other answer stops the step), so what is left to check
      // is how long they waited, timed from when each was due.
      `    sent at a steady ${steady.offered}/s: all ${steady.n} answered (${Math.round(steady.perSecond)}/s), p50 ${ms(steady.p50)}, p99 ${ms(steady.p99)} from when each was due${goals ? ` (goal >= ${ORDERS_GOAL}/s with p99 <= ${ORDERS_P99_GOAL_MS} ms${met(steady.offered >= ORDERS_GOAL && steady.p99 <= ORDERS_P99_GOAL_MS)})` : ''}`,
    );
    console.log(
      `    fulfilment: ${result.fulfilment.items} e-mail rewards in ${result.fulfilment.seconds.toFixed(1)} s, ${Math.round(result.fulfilment.perSecond)} items/s${goals ? ` (goal >= ${ITEMS_GOAL}/s${met(result.fulfilment.perSecond >= ITEMS_GOAL)})` : ''}`,
    );
  }
}

async function benchBulkStep() {
  console.log('\nA bulk order of 50,000 e-mail rewards on PostgreSQL, chunks of 1,000 rows');
  const result = await benchBulk();
  if (!result) {
    console.log('  skipped: set DATABASE_URL to a PostgreSQL server to measure bulk orders');
    return;
  }
  console.log(
    `  accepted (the batch started, every chunk checked and kept, the last paying for all): ${result.acceptSeconds.toFixed(1)} s, as ${result.orders} orders`,
  );
  console.log(
    `  fulfilment: ${result.fulfilment.items.toLocaleString('en-US')} rewards in ${result.fulfilment.seconds.toFixed(1)} s, ${Math.round(result.fulfilment.perSecond)} items/s (goal >= ${ITEMS_GOAL}/s: ${result.fulfilment.perSecond >= ITEMS_GOAL ? 'met' : 'NOT met'})`,
  );
}

const BULK_READ_GOAL_MS = 1000;
const LONG_TASK_GOAL_MS = 50;

async function benchBulkBrowserStep() {
  console.log('\nA 50,000-row bulk file in Chromium: read, checked, grid scrolled and edited');
  const result = await benchBulkBrowser();
  console.log(
    `  read ${ms(result.readMs)}, checked ${ms(result.checkMs)}: ${ms(result.readMs + result.checkMs)} (goal <= ${BULK_READ_GOAL_MS} ms: ${result.readMs + result.checkMs <= BULK_READ_GOAL_MS ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  longest main-thread task ${ms(result.longestTaskMs)} (${result.longTasks} over 50 ms; goal none over ${LONG_TASK_GOAL_MS} ms: ${result.longTasks === 0 ? 'met' : 'NOT met'}); JavaScript heap ${result.heapMb.toFixed(1)} MB`,
  );
  if (result.longTaskList.length > 0) {
    console.log(`  long tasks, by step: ${result.longTaskList.join(', ')}`);
  }
}

async function benchMerchantsStep() {
  console.log('\nMerchants list (GET /api/catalog/products) at 100,000 products on PostgreSQL');
  const result = await benchMerchants();
  if (!result) {
    console.log('  skipped: set DATABASE_URL to a PostgreSQL server to measure the merchants list');
    return;
  }
  console.log(
    `  ${result.products.toLocaleString('en-US')} products, ${result.requests} requests one at a time: p50 ${ms(result.p50)}, p99 ${ms(result.p99)} (goal p99 < ${MERCHANTS_P99_GOAL_MS} ms: ${result.p99 < MERCHANTS_P99_GOAL_MS ? 'met' : 'NOT met'})`,
  );
}

const steps = {
  start: benchStart,
  sizes: benchSizes,
  visits: benchVisits,
  ledger: benchLedgerStep,
  transactions: benchTransactionsStep,
  orders: benchOrdersStep,
  bulk: benchBulkStep,
  'bulk-browser': benchBulkBrowserStep,
  merchants: benchMerchantsStep,
};
const chosen = values.only ? values.only.split(',') : Object.keys(steps);
let failed = false;
for (const step of chosen.map((name) => {
  const found = steps[/** @type {keyof typeof steps} */ (name)];
  if (!found) throw new Error(`--only: no step "${name}" (${Object.keys(steps).join(', ')})`);
  return found;
})) {
  try {
    await step();
  } catch (error) {
    failed = true;
    console.error(`\n${step.name}: ${error instanceof Error ? error.message : error}`);
  }
}
process.exitCode = failed ? 1 : 0;
