// A 50,000-row bulk file in Chromium (`npm run bench`'s "bulk-browser" step): through the
// built server and console, owner@acme.test chooses the file on /bulk/create, its rows are read
// and checked (in the console's Web Worker), and the grid of rows is scrolled and a cell edited.
// It reports the time to read, the time to check, the longest main-thread task while all that
// happens (PerformanceObserver "longtask") and the page's JavaScript heap.
/* global window -- the functions passed to the page run there */
import { launchChromium } from './throttled-visit.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './server.mjs';
import { signInWithoutUi } from './sign-in-without-ui.mjs';

const USER = 'owner@acme.test';

/**
 * @param {{ rows?: number }} [options]
 * @returns {Promise<{ rows: number, readMs: number, checkMs: number, longestTaskMs: number, longTasks: number, heapMb: number }>}
 */
export async function benchBulkBrowser({ rows = 50_000 } = {}) {
  const port = await freePort(8288);
  const dataDir = freshDataDir('bench-bulk-browser');
  const server = startServer({ port, dataDir, env: { SEED_DEMO: 'true' }, stdio: 'ignore' });
  const browser = await launchChromium();
  try {
    await msUntilOk(server, '/readyz');
    const storageState = await signInWithoutUi(server.url, USER);
    const context = await browser.newContext({
      storageState,
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/bulk/create`);
    await page.getByRole('heading', { level: 1, name: 'Bulk order' }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      const state = /** @type {{ longest: number, count: number }} */ ({ longest: 0, count: 0 });
      /** @type {any} */ (window).__longTasks = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          state.longest = Math.max(state.longest, entry.duration);
          state.count += 1;
        }
      }).observe({ type: 'longtask', buffered: false });
    });
    // Every row a different recipient; every 1,000th has a value the merchant does not offer.
    const lines = ['Recipient name,Recipient email,Amount,Merchant code'];
    for (let n = 1; n <= rows; n += 1) {
      lines.push(
        `Recipient ${n},bench-${n}@example.com,${n % 1000 === 0 ? 12 : 10},ACORN-BOOKS-US`,
      );
    }
    const startRead = Date.now();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bench.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n')),
    });
    await page.getByRole('heading', { name: 'Columns of bench.csv' }).waitFor({ timeout: 60_000 });
    const readMs = Date.now() - startRead;
    const startCheck = Date.now();
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByText(/rows have problems/).waitFor({ timeout: 120_000 });
    const checkMs = Date.now() - startCheck;
    // The grid: scrolled end to end, and one cell edited.
    await page.getByRole('link', { name: 'Fix the rows' }).click();
    await page.getByRole('checkbox', { name: 'Show only rows with problems' }).uncheck();
    const scroller = page.locator('[role="grid"] .overflow-y-auto');
    for (let step = 1; step <= 10; step += 1) {
      await scroller.evaluate((element, fraction) => {
        element.scrollTop = element.scrollHeight * fraction;
      }, step / 10);
      await page.waitForTimeout(50);
    }
    await page.getByRole('gridcell').first().click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('x');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    const measured = await page.evaluate(() => ({
      long: /** @type {any} */ (window).__longTasks,
      heap: /** @type {any} */ (performance).memory?.usedJSHeapSize ?? 0,
    }));
    return {
      rows,
      readMs,
      checkMs,
      longestTaskMs: measured.long.longest,
      longTasks: measured.long.count,
      heapMb: measured.heap / 1024 / 1024,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
