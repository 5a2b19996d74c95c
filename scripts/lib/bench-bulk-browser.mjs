// A 50,000-row bulk file in Chromium (`npm run bench`'s "bulk-browser" step): through the
// built server and console, owner@acme.test chooses the file on /bulk/create, its rows are read
// and checked (in the console's Web Worker), and the grid of rows is scrolled and a cell edited.
// It reports the time to read, the time to check, the longest main-thread task while all that
// happens (PerformanceObserver "longtask") and the page's JavaScript heap.
/* global window, document, MutationObserver, requestAnimationFrame, DataTransfer -- the functions passed to the page run there */
import { launchChromium } from './throttled-visit.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './server.mjs';
import { signInWithoutUi } from './sign-in-without-ui.mjs';

const USER = 'owner@acme.test';

/**
 * Does `action` in the page (the file chosen, or "Check the rows" pressed) and answers the
 * milliseconds until the frame after `text` first appears in it.
 * @param {import('@playwright/test').Page} page
 * @param {'choose' | 'check'} action
 * @param {string} text
 */
function timeInPage(page, action, text) {
  return page.evaluate(
    ({ action, text }) =>
      new Promise((resolve, reject) => {
        // textContent: innerText would lay the page out at every change it is asked after.
        const shows = () => document.body.textContent?.includes(text) ?? false;
        /** @type {number} */
        let start = 0;
        const observer = new MutationObserver(() => {
          if (!shows()) return;
          observer.disconnect();
          clearTimeout(timeout);
          // The frame that shows it: after the next animation frame's layout and paint.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        const timeout = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`"${text}" did not appear within 2 minutes`));
        }, 120_000);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        start = performance.now();
        if (action === 'choose') {
          const input = /** @type {HTMLInputElement} */ (
            document.querySelector('input[type="file"]')
          );
          const chosen = new DataTransfer();
          chosen.items.add(/** @type {any} */ (window).__benchFile);
          input.files = chosen.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          const button = [...document.querySelectorAll('button')].find(
            (candidate) => candidate.textContent?.trim() === 'Check the rows',
          );
          if (!button) throw new Error('no "Check the rows" button');
          button.click();
        }
      }),
    { action, text },
  );
}

/**
 * @param {{ rows?: number }} [options]
 * @returns {Promise<{ rows: number, readMs: number, checkMs: number, longestTaskMs: number, longTasks: number, longTaskList: string[], heapMb: number }>}
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
    // The file is made in the page and handed to the input as a person's choice would be:
    // Playwright's setInputFiles decodes a file's bytes in the page, itself a task of a second
    // at this size, which would be measured as the console's.
    await page.evaluate((count) => {
      const lines = ['Recipient name,Recipient email,Amount,Merchant code'];
      // Every row a different recipient; every 1,000th has a value the merchant does not offer.
      for (let n = 1; n <= count; n += 1) {
        lines.push(
          `Recipient ${n},bench-${n}@example.com,${n % 1000 === 0 ? 12 : 10},ACORN-BOOKS-US`,
        );
      }
      /** @type {any} */ (window).__benchFile = new File([lines.join('\r\n')], 'bench.csv', {
        type: 'text/csv',
      });
    }, rows);
    await page.evaluate(() => {
      const state = /** @type {{ steps: [string, number][], tasks: [number, number][] }} */ ({
        steps: [['read', performance.now()]],
        tasks: [],
      });
      /** @type {any} */ (window).__longTasks = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: false });
    });
    // Long tasks are reported a while after they end: each is put in a step by when it began.
    const phase = (/** @type {string} */ name) =>
      page.evaluate((next) => {
        /** @type {any} */ (window).__longTasks.steps.push([next, performance.now()]);
      }, name);
    // Timed in the page, from the person's action to the frame that shows its outcome: the
    // driver's own round trips (finding the button, checking it can be clicked) are not the
    // console's time.
    const readMs = await timeInPage(page, 'choose', 'Columns of bench.csv');
    await phase('check');
    const checkMs = await timeInPage(page, 'check', 'rows have problems');
    await phase('grid');
    await page.getByRole('link', { name: 'Fix the rows' }).click();
    await page.getByRole('combobox', { name: 'Show' }).selectOption('Every row');
    const scroller = page.locator('[role="grid"] .overflow-y-auto');
    for (let step = 1; step <= 10; step += 1) {
      await scroller.evaluate((element, fraction) => {
        element.scrollTop = element.scrollHeight * fraction;
      }, step / 10);
      await page.waitForTimeout(50);
    }
    await phase('edit');
    await page.getByRole('gridcell').first().click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('x');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    const measured = await page.evaluate(() => ({
      long: /** @type {{ steps: [string, number][], tasks: [number, number][] }} */ (
        /** @type {any} */ (window).__longTasks
      ),
      heap: /** @type {any} */ (performance).memory?.usedJSHeapSize ?? 0,
    }));
    const stepAt = (/** @type {number} */ time) =>
      measured.long.steps.findLast(([, start]) => start <= time)?.[0] ?? 'read';
    return {
      rows,
      readMs,
      checkMs,
      longestTaskMs: Math.max(0, ...measured.long.tasks.map(([, duration]) => duration)),
      longTasks: measured.long.tasks.length,
      longTaskList: measured.long.tasks.map(
        ([start, duration]) => `${stepAt(start)} ${Math.round(duration)} ms`,
      ),
      heapMb: measured.heap / 1024 / 1024,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
