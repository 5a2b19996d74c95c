// `npm test`: every check of the repository, in order, from a fresh clone (after `npm install`).
//
//   node scripts/test.mjs                     everything
//   node scripts/test.mjs --only api          just some suites (comma-separated or repeated):
//                                             typecheck, lint, build, size, unit, console, api, e2e
//
// It keeps going after a failure so the summary is complete, counts typecheck, lint, build and
// size as one check each and every Vitest and Playwright test individually, writes the totals to
// .test-results/summary.json and ends with exactly one line `N passed, N failed` (CI reads that
// line, not Vitest's or Playwright's own summaries). The exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');
const bin = (/** @type {string} */ name) => path.join(root, 'node_modules/.bin', name);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @typedef {{ passed: number, failed: number, skipped: number, note?: string }} Counts
 * @typedef {{ name: string, run: () => Counts, needsBuild?: boolean }} Suite
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

/** A command that is one check: it passes when it exits with 0. */
function check(/** @type {string} */ command, /** @type {string[]} */ args) {
  return () => {
    const code = run(command, args);
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

/** One Vitest project, with its own JSON report. */
function vitest(/** @type {string} */ project) {
  return () => {
    const report = path.join(resultsDir, `vitest-${project}.json`);
    fs.rmSync(report, { force: true });
    const code = run(bin('vitest'), [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
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

/** The browser tests; e2e/playwright.config.ts sets the list reporter and this JSON report. */
function playwright() {
  const report = path.join(resultsDir, 'playwright.json');
  fs.rmSync(report, { force: true });
  const chromium = ensureChromium();
  if (!chromium.ok) return { passed: 0, failed: 1, skipped: 0, note: chromium.note };
  const code = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
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
    if (
      run('apt-get', ['update'], env) === 0 &&
      run('apt-get', ['install', '-y', 'chromium'], env) === 0
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
  { name: 'typecheck', run: check('npm', ['run', 'typecheck']) },
  { name: 'lint', run: check('npm', ['run', 'lint']) },
  { name: 'build', run: check('npm', ['run', 'build']) },
  { name: 'size', run: check(bin('size-limit'), []), needsBuild: true },
  { name: 'unit', run: vitest('unit') },
  { name: 'console', run: vitest('console') },
  { name: 'api', run: vitest('api') },
  { name: 'e2e', run: playwright, needsBuild: true },
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
  for (const suite of selected) {
    console.log(`\n━━━ ${suite.name} ━━━`);
    const buildFailed = results.some((result) => result.name === 'build' && result.failed > 0);
    const suiteStart = performance.now();
    // Measuring or browsing a stale build would report on code that is not the code under test.
    const counts =
      suite.needsBuild && buildFailed
        ? { passed: 0, failed: 1, skipped: 0, note: 'not run: the build failed' }
        : suite.run();
    results.push({ name: suite.name, ...counts, seconds: (performance.now() - suiteStart) / 1000 });
  }
}

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
