// A first visit on a slow phone line, as `npm run bench` measures it: Chromium driven over the
// DevTools protocol with Lighthouse's mobile figures (150 ms round trip, 1.6 Mbps down, 750 kbps
// up, the CPU slowed 4x), a cold cache, and every byte and hop the visit costs counted.
/* global document, window, MutationObserver -- the functions passed to the page run there */
import { setTimeout as sleep } from 'node:timers/promises';

import { chromium } from '@playwright/test';

/** Lighthouse's "mobile" (slow 4G) figures, applied by DevTools throttling. */
export const slowMobile = {
  latencyMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

/** Debian's Chromium and the flags the browser tests use (e2e/playwright.config.ts). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * @typedef {object} Transfer one request of the visit
 * @property {string} url
 * @property {string} type DevTools' resource type (Document, Script, Stylesheet, Fetch, ...)
 * @property {number} status
 * @property {number} wire bytes received, headers included, as sent (compressed)
 * @property {number} body bytes of the body once decoded
 * @property {string} encoding Content-Encoding, '' for none
 * @property {number} sentAt ms after the visit's first request that this one was sent
 * @property {number} doneAt ms after the visit's first request that its last byte arrived
 */

/**
 * @typedef {object} VisitResult
 * @property {number} ms from the start of the first navigation until `ready` is on screen: what a
 *   person waits for before they can start
 * @property {string} finalUrl
 * @property {Transfer[]} transfers
 * @property {string[]} hops every document the browser asked for, redirects included, in order
 */

/**
 * @typedef {object} Ready what the visit waits for: the first element matching `css` (and holding
 *   `text`, when given), on a painted page
 * @property {string} css
 * @property {string} [text]
 */

/**
 * Opens `url` in a new, empty browser context with the network and CPU throttled and waits until
 * `ready` is on screen: the later of the moment it entered the document and that document's first
 * paint. A server-rendered page has its form at once but shows it with its first paint; a
 * single-page app paints a start-up screen first and its content later.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ ready: Ready, conditions?: typeof slowMobile, storageState?: any, timeoutMs?: number }} options
 * @returns {Promise<VisitResult>}
 */
export async function throttledVisit(browser, url, options) {
  const conditions = options.conditions ?? slowMobile;
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  try {
    const page = await context.newPage();
    // In every document of the visit (one origin, one tab, so one sessionStorage): the start of
    // the first navigation, and when `ready` entered this document, both in epoch milliseconds.
    await page.addInitScript((ready) => {
      const now = () => performance.timeOrigin + performance.now();
      if (!sessionStorage.getItem('bench.start')) {
        sessionStorage.setItem('bench.start', String(performance.timeOrigin));
      }
      const matches = () =>
        [...document.querySelectorAll(ready.css)].some(
          (element) => !ready.text || (element.textContent ?? '').includes(ready.text),
        );
      const seen = /** @type {{ benchReadyAt?: number }} */ (/** @type {unknown} */ (window));
      const check = () => {
        if (seen.benchReadyAt === undefined && matches()) seen.benchReadyAt = now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    }, options.ready);
    const cdp = await context.newCDPSession(page);
    /** @type {Map<string, Transfer>} */
    const requests = new Map();
    /** @type {string[]} */
    const hops = [];
    /** DevTools' monotonic clock (seconds) at the visit's first request. */
    let firstRequestAt = 0;
    const since = (/** @type {number} */ timestamp) => (timestamp - firstRequestAt) * 1000;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (firstRequestAt === 0) firstRequestAt = event.timestamp;
      if (event.type === 'Document') hops.push(`${event.request.method} ${event.request.url}`);
      if (event.redirectResponse) {
        const previous = requests.get(event.requestId);
        if (previous) {
          requests.set(`${event.requestId}:${requests.size}`, {
            ...previous,
            status: event.redirectResponse.status,
            wire: event.redirectResponse.encodedDataLength ?? previous.wire,
            doneAt: since(event.timestamp),
          });
        }
      }
      requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        status: 0,
        wire: 0,
        body: 0,
        encoding: '',
        sentAt: since(event.timestamp),
        doneAt: 0,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      request.status = event.response.status;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
      );
      request.encoding = String(headers['content-encoding'] ?? '');
    });
    cdp.on('Network.dataReceived', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.body += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      request.wire = event.encodedDataLength;
      request.doneAt = since(event.timestamp);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: conditions.latencyMs,
      downloadThroughput: (conditions.downloadKbps * 1000) / 8,
      uploadThroughput: (conditions.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });

    await page.goto(url, { waitUntil: 'commit' });
    // Asked again and again rather than waited for in the page: the visit navigates, and each
    // navigation ends the page's script context.
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    const readyAt = () =>
      page.evaluate(() => {
        return /** @type {{ benchReadyAt?: number }} */ (/** @type {unknown} */ (window))
          .benchReadyAt;
      });
    while (!(await readyAt().catch(() => undefined))) {
      if (Date.now() > deadline) throw new Error(`${url}: never showed ${options.ready.css}`);
      await sleep(100);
    }
    const timing = await page.evaluate(async () => {
      /** The first paint of this document, in ms since its own navigation started. */
      const firstPaint = await new Promise((resolve) => {
        const seen = performance.getEntriesByName('first-contentful-paint');
        if (seen[0]) return resolve(seen[0].startTime);
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) {
            observer.disconnect();
            resolve(entry.startTime);
          }
        }).observe({ type: 'paint', buffered: true });
      });
      return {
        start: Number(sessionStorage.getItem('bench.start')),
        firstPaint: performance.timeOrigin + /** @type {number} */ (firstPaint),
        readyAt: Number(
          /** @type {{ benchReadyAt?: number }} */ (/** @type {unknown} */ (window)).benchReadyAt,
        ),
      };
    });
    // Whatever is still in flight (a late font, an analytics beacon) counts too.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    return {
      ms: Math.max(timing.firstPaint, timing.readyAt) - timing.start,
      finalUrl: page.url(),
      transfers: [...requests.values()].filter((request) => request.status !== 0),
      hops,
    };
  } finally {
    await context.close();
  }
}

/** @param {number[]} numbers */
export function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? /** @type {number} */ (sorted[middle])
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
