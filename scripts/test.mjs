// `npm test`: every check of the repository, in order, from a fresh clone (after `npm install`).
//
//   node scripts/test.mjs                     everything
//   node scripts/test.mjs --only api          just some suites (comma-separated or repeated):
//                                             lockfile, typecheck, lint, build, size, unit, console,
//                                             api, e2e
//
// It keeps going after a failure so the summary is complete, counts typecheck, lint, build and
// size as one check each and every Vitest and Playwright test individually, writes the totals to
// .test-results/summary.json and ends with exactly one line `N passed, N failed` (CI reads that
// line, not Vitest's or Playwright's own summaries). The exit code is non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules/.bin', name);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @typedef {{ passed: number, failed: number, skipped: number, note?: string }} Counts
 * @typedef {{ name: string, run: (options?: { inLane?: boolean }) => Counts | Promise<Counts>, needsBuild?: boolean }} Suite
 * @typedef {Counts & { name: string, seconds: number }} SuiteResult
 */

/** Runs a command with the output streamed to the terminal; returns its exit code. */
function run(/** @type {string} */ command, /** @type {string[]} */ args, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) console.error(result.error.message);
  return result.status ?? 1;
}

/**
 * Runs a command with its output held back and printed in one piece when it ends, so commands
 * that run side by side do not interleave; returns its exit code.
 */
function runHeldBack(/** @type {string} */ command, /** @type {string[]} */ args) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const output = [];
    const child = spawn(command, args, { cwd: root, env: process.env });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      process.stdout.write(`$ ${[command, ...args].join(' ')}\n${Buffer.concat(output)}`);
      resolve(status ?? 1);
    });
  });
}

/** A command that is one check: it passes when it exits with 0. */
function check(/** @type {string} */ command, /** @type {string[]} */ args) {
  return async () => {
    const code = await runHeldBack(command, args);
    return code === 0
      ? { passed: 1, failed: 0, skipped: 0 }
      : { passed: 0, failed: 1, skipped: 0, note: `exit code ${code}` };
  };
}

/** Reads a JSON report, or undefined when the tool died before writing it. */
function readReport(/** @type {string} */ file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A runner exiting non-zero with no failed test (a crash, an unhandled error, a web server that
 * did not start) is still a failure; it counts as one.
 * @param {Counts} counts @param {number} code @param {string} tool
 */
function withExitCode(counts, code, tool) {
  if (code !== 0 && counts.failed === 0) {
    return {
      ...counts,
      failed: 1,
      note: `${tool} exited with code ${code} (see its output above)`,
    };
  }
  return counts;
}

/** One Vitest project, with its own JSON report; its output held back when it runs in a lane. */
function vitest(/** @type {string} */ project) {
  return async (/** @type {{ inLane?: boolean }} */ { inLane = false } = {}) => {
    const report = path.join(resultsDir, `vitest-${project}.json`);
    fs.rmSync(report, { force: true });
    const args = [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ];
    const code = inLane ? await runHeldBack(bin('vitest'), args) : run(bin('vitest'), args);
    /** @type {{ testResults?: { status: string, assertionResults: { status: string }[] }[] } | undefined} */
    const json = readReport(report);
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const file of json?.testResults ?? []) {
      for (const test of file.assertionResults) {
        if (test.status === 'passed') counts.passed += 1;
        else if (test.status === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that fails to load has no tests in the report; it is still a failure.
      if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
        counts.failed += 1;
      }
    }
    return withExitCode(counts, code, 'vitest');
  };
}

/**
 * The browser tests; e2e/playwright.config.ts sets the list reporter and this JSON report. Their
 * output is held back when they run in a lane.
 */
async function playwright(/** @type {{ inLane?: boolean }} */ { inLane = false } = {}) {
  const report = path.join(resultsDir, 'playwright.json');
  fs.rmSync(report, { force: true });
  const chromium = ensureChromium();
  if (!chromium.ok) return { passed: 0, failed: 1, skipped: 0, note: chromium.note };
  const args = ['test', '-c', 'e2e/playwright.config.ts'];
  const code = inLane ? await runHeldBack(bin('playwright'), args) : run(bin('playwright'), args);
  /** @type {{ stats?: { expected: number, unexpected: number, flaky: number, skipped: number } } | undefined} */
  const json = readReport(report);
  const stats = json?.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  // retries are 0, so "flaky" cannot happen; if it ever does, it is not a pass.
  const counts = {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky,
    skipped: stats.skipped,
  };
  return withExitCode(counts, code, 'playwright');
}

/**
 * The browser tests use Debian's Chromium. Installs it when missing and we can (root with
 * apt-get, about 10 s); otherwise says what to install.
 * @returns {{ ok: boolean, note?: string }}
 */
function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return { ok: true };
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (canApt && !process.env.CHROMIUM_PATH) {
    console.log(`Chromium is missing at ${chromiumPath}; installing it with apt-get.`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    // Another install on the machine (a second test run, a person's apt-get) holds dpkg's lock
    // for a while: wait for it rather than fail the browser tests.
    const waitForLock = ['-o', 'DPkg::Lock::Timeout=600'];
    if (
      run('apt-get', [...waitForLock, 'update'], env) === 0 &&
      run('apt-get', [...waitForLock, 'install', '-y', 'chromium'], env) === 0
    ) {
      if (fs.existsSync(chromiumPath)) return { ok: true };
    }
  }
  const note = `Chromium not found at ${chromiumPath}`;
  console.error(
    [
      `\n${note}. The browser tests need it. Either:`,
      "  - install Debian/Ubuntu's package as root:  apt-get update && apt-get install -y chromium",
      '  - or point CHROMIUM_PATH at an installed Chromium or Chrome binary.',
    ].join('\n'),
  );
  return { ok: false, note };
}

/** @type {Suite[]} */
const suites = [
  // npm ci refuses a lockfile that npm install on an existing node_modules happily keeps (an
  // optional platform binding that was never published, say); CI starts with npm ci, so check here.
  {
    name: 'lockfile',
    run: check('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']),
  },
  { name: 'typecheck', run: check('npm', ['run', 'typecheck']) },
  { name: 'lint', run: check('npm', ['run', 'lint']) },
  { name: 'build', run: check('npm', ['run', 'build']) },
  { name: 'size', run: check(bin('size-limit'), []), needsBuild: true },
  { name: 'unit', run: vitest('unit') },
  { name: 'console', run: vitest('console') },
  { name: 'api', run: vitest('api') },
  { name: 'e2e', run: playwright, needsBuild: true },
];

/**
 * Suites that run side by side, in lanes: the suites of a lane run one after another, the lanes of
 * a group at the same time. On two cores that fills the time one suite leaves a core idle.
 * - The static checks: each is one process that keeps one core busy. The typecheck also builds
 *   the server (tsc -b), so the build follows it in the same lane and never writes the same files
 *   at the same time. Lint is the longest (~110 s); the typecheck (~22 s), the build and the unit
 *   tests together take about as long, so the unit tests join the typecheck's lane (a lane runs
 *   its suites in the order of `suites`), and the lockfile check (a dry run) goes with lint.
 * - The console, API and browser tests: the API tests keep their two workers only about 75% busy
 *   on their own (waits on timers, sockets and the one-process template set-up), and so do the
 *   browser tests while their server starts; the console tests then the browser tests, side by
 *   side with the API tests, keep the cores about 95% busy. Measured on this machine: 307 to 333 s
 *   for the three, against 196 + 134 to 201 + 145 s with the browser tests after the other two.
 *   The browser tests' time limits are set for a busy machine (e2e/playwright.config.ts).
 */
const sideBySide = [
  [
    ['typecheck', 'build', 'size', 'unit'],
    ['lockfile', 'lint'],
  ],
  [['console', 'e2e'], ['api']],
];

const { values } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
const only = values.only?.flatMap((value) => value.split(',')).map((name) => name.trim());
const unknown = only?.filter((name) => !suites.some((suite) => suite.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `Unknown suite(s): ${unknown.join(', ')}. Known: ${suites.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = suites.filter((suite) => !only || only.includes(suite.name));

fs.mkdirSync(resultsDir, { recursive: true });
const started = performance.now();
/** @type {SuiteResult[]} */
const results = [];

if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('node_modules is missing: run `npm install` (or `npm ci`) first.');
  results.push({
    name: 'install',
    passed: 0,
    failed: 1,
    skipped: 0,
    seconds: 0,
    note: 'run npm install',
  });
} else {
  /** Runs one suite, unless it needs a build that failed; records and returns its result. */
  const runSuite = async (/** @type {Suite} */ suite, inLane = false) => {
    const buildFailed = results.some((result) => result.name === 'build' && result.failed > 0);
    const suiteStart = performance.now();
    // Measuring or browsing a stale build would report on code that is not the code under test.
    const counts =
      suite.needsBuild && buildFailed
        ? { passed: 0, failed: 1, skipped: 0, note: 'not run: the build failed' }
        : await suite.run({ inLane });
    console.log(`━━━ ${suite.name}: ${counts.failed > 0 ? 'failed' : 'passed'} ━━━`);
    results.push({ name: suite.name, ...counts, seconds: (performance.now() - suiteStart) / 1000 });
  };
  const groupOf = (/** @type {Suite} */ suite) =>
    sideBySide.findIndex((lanes) => lanes.some((lane) => lane.includes(suite.name)));
  const groupsRun = new Set();
  for (const suite of selected) {
    const group = groupOf(suite);
    if (group === -1) {
      console.log(`\n━━━ ${suite.name} ━━━`);
      await runSuite(suite);
    } else if (!groupsRun.has(group)) {
      groupsRun.add(group);
      const lanes = (sideBySide[group] ?? [])
        .map((names) => selected.filter((s) => names.includes(s.name)))
        .filter((lane) => lane.length > 0);
      const inLane = lanes.length > 1;
      console.log(
        `\n━━━ ${lanes.map((lane) => lane.map((s) => s.name).join(' → ')).join('  ‖  ')} ━━━`,
      );
      await Promise.all(
        lanes.map(async (laneSuites) => {
          for (const laneSuite of laneSuites) await runSuite(laneSuite, inLane);
        }),
      );
    }
  }
}

// In the order of the suites, however the lanes finished.
results.sort(
  (a, b) =>
    suites.findIndex((suite) => suite.name === a.name) -
    suites.findIndex((suite) => suite.name === b.name),
);
const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + result.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const seconds = (performance.now() - started) / 1000;

fs.writeFileSync(
  path.join(resultsDir, 'summary.json'),
  `${JSON.stringify({ ...total, seconds: Math.round(seconds), suites: results }, null, 2)}\n`,
);

const row = (/** @type {string[]} */ cells) =>
  `  ${cells[0]?.padEnd(10)}${cells
    .slice(1, 5)
    .map((cell) => cell.padStart(8))
    .join('')}  ${cells[5] ?? ''}`;
console.log(`\n━━━ summary (${seconds.toFixed(0)} s) ━━━`);
console.log(row(['suite', 'passed', 'failed', 'skipped', 'time', '']));
for (const result of results) {
  console.log(
    row([
      result.name,
      String(result.passed),
      String(result.failed),
      String(result.skipped),
      `${result.seconds.toFixed(1)} s`,
      result.note ?? '',
    ]),
  );
}
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 ? 1 : 0;
