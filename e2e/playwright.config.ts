import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { freePort } from '../scripts/lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');

// The config is evaluated by the runner and again by every worker; the runner picks the port and
// the workers inherit it through the environment, so all of them talk to the same server.
// 8181 when free, so a URL in a failure message is predictable; otherwise any free port, so two
// people running the suite on one machine do not collide.
process.env.BOON_E2E_PORT ??= String(await freePort(8181));
const port = process.env.BOON_E2E_PORT;
// Names this run's sign-ins cached on disk (e2e/fixtures.ts): the server starts on a new database
// every run, so a previous run's tokens mean nothing to it.
process.env.BOON_E2E_RUN ??= `${Date.now()}-${process.pid}`;
const baseURL = `http://localhost:${port}`;
// The people's inboxes: the server's mail goes over SMTP to a catcher writing one file per mail
// here (scripts/serve-fresh.mjs), where the tests read their links (e2e/fixtures.ts).
process.env.BOON_E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'boon-e2e-mail-'));

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, '.test-results/playwright-output'),
  // Tests must pass the first time: a retry would hide a race instead of fixing it.
  retries: 0,
  workers: 2,
  // Tests, not files, are shared out: a file of long tests would otherwise keep one worker busy
  // while the other idles. A file whose tests depend on each other says so (mode: 'serial').
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A test's whole budget, on a shared 2-core machine where the API lane or a build may still be
  // busy: the journeys walk several screens with an axe check on each. Each expectation keeps its
  // own 10 s, so a real failure still fails at the step that broke.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(root, '.test-results/playwright.json') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // A laptop; expectNoAxeViolations also checks every screen at a phone's 390 px.
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      // Debian's Chromium, not a downloaded Playwright build (scripts/test.mjs installs it).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium 156 draws its address bar's suggestion popup as a web page of its own, in a
        // renderer of its own, for every window: a page load cost it more CPU than the page did
        // (2.2 s against 1.6 s on the renderers' main threads). Eight sign-in-and-two-screens
        // rounds took 46.7 CPU-s in Chromium with it and 29.3 without. No test uses the address
        // bar; Playwright's own --disable-features list is merged with this one, not replaced.
        // Nor does any test need a spare renderer started ahead of its next page: each context
        // starts its own, and 20 tests started 72 renderers with spares and 46 without (-3 s of
        // renderer CPU).
        '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
      ],
    },
    // No trace: recording one for every test cost about 45% of the suite's time on this machine
    // (4 axe tests: 89 s with, 48 s without). A failure keeps its screenshot and error context.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The built product as `npm start` runs it, without rebuilding, on a new embedded database
    // (a temporary DATA_DIR, deleted when the server stops): every run starts from the demo seed.
    command: 'node scripts/serve-fresh.mjs',
    cwd: root,
    env: {
      PORT: port,
      LOG_LEVEL: 'warn',
      BOON_E2E_MAIL_DIR: process.env.BOON_E2E_MAIL_DIR,
      // The tests' password cost, the least the server accepts (MIN_PASSWORD_HASH_COST), as in the
      // API tests: the demo users' hashes and every sign-in's check cost ~5 ms of CPU, not 180.
      PASSWORD_HASH_COST: '10',
    },
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // A cold start runs the migrations and the seed on a new PGlite database.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close the database and the wrapper delete its folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
