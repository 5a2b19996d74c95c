// `npm run bench`: how fast the built server starts and how big the built console is.
// It prints numbers and never fails on speed: the machine is shared and timings are noisy.
//   node scripts/bench.mjs [--warm-runs 5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import {
  consoleAppChunks,
  consoleDist,
  firstScreen,
  gzipBytes,
  readManifest,
} from './lib/first-screen.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { 'warm-runs': { type: 'string', default: '5' } } });
const warmRuns = Math.max(1, Number(values['warm-runs']));

const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (/** @type {number[]} */ numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

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
  const first = firstScreen(manifest);
  console.log(
    `  first screen: JavaScript ${kb(total(first.js))} gzip in ${first.js.length} file(s) (budget 150 KB), CSS ${kb(total(first.css))} gzip`,
  );
  const apps = consoleAppChunks(manifest);
  if (apps.length === 0) console.log('  console apps: none built yet');
  for (const chunk of apps) {
    console.log(
      `  console app ${chunk.app} (${chunk.src}): ${kb(total(chunk.js))} gzip (budget 60 KB)`,
    );
  }
}

let failed = false;
for (const step of [benchStart, benchSizes]) {
  try {
    await step();
  } catch (error) {
    failed = true;
    console.error(`\n${step.name}: ${error instanceof Error ? error.message : error}`);
  }
}
process.exitCode = failed ? 1 : 0;
