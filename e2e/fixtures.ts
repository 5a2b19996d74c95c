// Fixtures for the browser tests, in the Epic Stack's style: a test asks for what it needs.
//
// `test.use({ signedInAs: 'viewer@acme.test' })` gives a test a browser context that is already
// signed in as that demo user. The sign-in does not go through the UI (see signInWithoutUi): it is
// what a test is about only in the tests of sign-in itself, which use the plain, signed-out context
// and the helpers below that fill the provider's form.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type axe from 'axe-core';

import {
  demoPassword,
  signInWithoutUi as signInOverHttp,
} from '../scripts/lib/sign-in-without-ui.mjs';
import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';

export { demoPassword, expect };

export const owner = {
  email: 'owner@acme.test',
  password: demoPassword,
  customer: 'Acme Rewards Ltd',
};

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The provider's sign-in form, found as a person finds it: by its labels and button. */
export function signInForm(page: Page) {
  return {
    email: page.getByLabel('Email address', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Continue', exact: true }),
  };
}

/**
 * The sidebar: the innermost landmark (navigation, banner or complementary) that holds "Log Out".
 * Whether the console wraps its main navigation in a <header>/<aside> or makes the whole sidebar
 * a <nav> is its choice; either way a screen-reader user finds it as one landmark. When landmarks
 * nest, the innermost comes last in document order.
 */
export function sidebar(page: Page) {
  return page
    .getByRole('navigation')
    .or(page.getByRole('banner'))
    .or(page.getByRole('complementary'))
    .filter({ has: page.getByRole('button', { name: 'Log Out', exact: true }) })
    .last();
}

/** Fills and submits the sign-in form the page is showing. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** From a signed-out context: open the console, sign in, wait for Home. */
export async function signInThroughUi(page: Page, user = owner) {
  await page.goto('/');
  await submitSignIn(page, user.email, user.password);
  await expect(sidebar(page)).toBeVisible();
}

// ------------------------------------------------------------------------------------ axe

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The widths every screen must pass at (the developers' guide): a laptop and a phone. */
export const wideViewport = { width: 1366, height: 768 };
export const narrowViewport = { width: 390, height: 844 };

/**
 * axe-core's minified browser build, read once per worker: the package's main file is the
 * unminified one, 1.5 MB against 0.65 MB, and each document checked parses it once.
 */
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Puts axe into every frame of the page that does not have it yet. A document keeps it until it
 * is replaced, so a screen checked at two widths, or several screens of one visit, pay for it
 * once: @axe-core/playwright evaluated its source twice per check (about 0.6 s of CPU
 * each time, against 0.1 to 0.2 s for the check itself).
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const present = await frame
      .evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
      .catch(() => true); // a frame that went away meanwhile has nothing to check
    if (present) continue;
    await frame.evaluate(axeSource);
    // As @axe-core/playwright's legacy mode configured it: frames answer the top document's axe
    // from its own origin (the sandbox card processor's frames are served by our server).
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ['<same_origin>'],
      }),
    );
  }
}

async function axeViolations(page: Page) {
  await injectAxe(page);
  // axe.run() in the page itself, frames included (legacy mode): the newer runPartial/finishRun
  // protocol, for cross-origin frames, finished every check in a new blank page.
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // Only violations are read: passes and the rest are then summarised, not listed.
        resultTypes: ['violations'],
      }),
    WCAG_22_AA,
  );
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/**
 * Resolves once the page has laid out and painted what a resize changed, and the transitions that
 * started meanwhile have ended: a resize moves elements under the pointer, and a button fading
 * between its hover colours measured half-way fails the contrast rule it passes at rest.
 */
async function afterLayoutSettles(page: Page) {
  await page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    });
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Whether the document scrolls sideways: what a phone user would have to do to see it all. */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/**
 * Axe's WCAG 2.0, 2.1 and 2.2 A and AA rules on what the page shows now, at 1366 px and at 390 px
 * wide; a violation is reported with the width and the elements it hit. The page is left at the
 * size it had. Target size and reflow depend on layout, which only a real browser computes.
 */
export async function expectNoAxeViolations(page: Page, screen?: string) {
  const size = page.viewportSize() ?? wideViewport;
  const found: Record<string, Awaited<ReturnType<typeof axeViolations>>> = {};
  for (const viewport of [wideViewport, narrowViewport]) {
    await page.setViewportSize(viewport);
    await afterLayoutSettles(page);
    found[`${viewport.width} px`] = await axeViolations(page);
  }
  await page.setViewportSize(size);
  const where = screen ?? new URL(page.url()).pathname;
  expect(found, `axe (WCAG 2.2 AA) on ${where}`).toEqual({ '1366 px': [], '390 px': [] });
}

// ------------------------------------------------------------------- sign-in without the UI

/** The console's run-time configuration, as the server puts it into index.html. */
/**
 * Signs a demo user in over HTTP as the console would (scripts/lib/sign-in-without-ui.mjs, shared
 * with the measuring scripts). Each call is a new grant with a refresh token of its own. The
 * provider allows ten sign-in attempts per address in 15 minutes, so tests share them (the
 * signedInAs fixture).
 */
async function signInWithoutUi(baseURL: string, email: string): Promise<StorageState> {
  return (await signInOverHttp(baseURL, email)) as StorageState;
}

function accessTokenExpiry(state: StorageState): number {
  const stored = state.origins
    .flatMap((entry) => entry.localStorage)
    .find((item) => item.name.startsWith('oidc.user:'));
  return stored ? (JSON.parse(stored.value) as { expires_at: number }).expires_at : 0;
}

/**
 * A cached state is used only while its access token has this long to live: the console renews a
 * minute before expiry, and a renewal rotates the refresh token, which the provider then refuses
 * from every other context holding the old one (and revokes the grant). Longer than a test runs.
 */
const FRESH_ENOUGH_SECONDS = 5 * 60;

export const test = base.extend<
  {
    signedInAs: string | undefined;
    /**
     * A new page, in a context of its own, signed in as that demo user: with the worker's shared
     * sign-in, or with a grant of its own for a test that renews the tokens or signs out.
     */
    pageAs: (email: string, options?: { ownGrant?: boolean }) => Promise<Page>;
  },
  { signedInStates: (email: string) => Promise<StorageState> }
>({
  signedInAs: [undefined, { option: true }],

  // One sign-in per user and run, made when a test first asks for that user, and again once its
  // tokens are close to expiry. It is kept on disk for the run's other workers, including the
  // ones Playwright starts after a failed test: the provider allows ten sign-ins per address in
  // 15 minutes, and a sign-in per worker would spend them after a few failures. A test that
  // renews the tokens itself (switching customer does) or signs out must not share these:
  // pageAs(email, { ownGrant: true }).
  signedInStates: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies here.
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('baseURL is not configured');
      const run = process.env.BOON_E2E_RUN;
      if (!run) throw new Error('BOON_E2E_RUN is not set (e2e/playwright.config.ts sets it)');
      const folder = path.join(workerInfo.project.outputDir, '.sign-ins', run);
      const fresh = (state: StorageState) =>
        accessTokenExpiry(state) - Date.now() / 1000 > FRESH_ENOUGH_SECONDS;
      const states = new Map<string, Promise<StorageState>>();

      async function signIn(email: string): Promise<StorageState> {
        const file = path.join(folder, `${email}.json`);
        const saved = await readFile(file, 'utf8').then(
          (text) => JSON.parse(text) as StorageState,
          () => undefined,
        );
        if (saved && fresh(saved)) return saved;
        const state = await signInWithoutUi(baseURL as string, email);
        await mkdir(folder, { recursive: true });
        // Written whole, then renamed: another worker never reads half a file.
        const partial = `${file}.${process.pid}`;
        await writeFile(partial, JSON.stringify(state));
        await rename(partial, file);
        return state;
      }

      await use(async (email) => {
        const cached = states.get(email);
        if (cached && fresh(await cached)) return cached;
        const state = signIn(email);
        states.set(email, state);
        state.catch(() => states.delete(email));
        return state;
      });
    },
    { scope: 'worker' },
  ],

  storageState: async ({ signedInAs, signedInStates, storageState }, use) => {
    await use(signedInAs ? await signedInStates(signedInAs) : storageState);
  },

  pageAs: async ({ browser, baseURL, viewport, signedInStates }, use) => {
    const contexts: BrowserContext[] = [];
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(async (email, { ownGrant = false } = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport,
        storageState: await (ownGrant ? signInWithoutUi(baseURL, email) : signedInStates(email)),
      });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/**
 * Records which of `texts` the page showed at any moment, across navigations, and returns a check
 * that waits until a given one has been seen.
 *
 * The console shows "Logging you in…" and friends only while a redirect is under way, so looking
 * for them afterwards races the redirect, and holding the redirect does not help: while a page
 * navigation is pending Playwright cannot evaluate in the page. A MutationObserver notes each
 * text the moment it is rendered, in the tab's session storage, which the next page of the same
 * origin (the console and its provider share one) still has. A binding would not do: Playwright
 * drops a binding call whose page has navigated away by the time it handles the call.
 */
export async function recordShownTexts(page: Page, texts: string[]) {
  const key = '__boonTextsShown';
  await page.addInitScript(
    ({ wanted, key }: { wanted: string[]; key: string }) => {
      const shown = (): string[] => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      const check = () => {
        const seen = shown();
        const visibleText = document.body?.innerText ?? '';
        const found = wanted.filter((text) => !seen.includes(text) && visibleText.includes(text));
        if (found.length > 0) sessionStorage.setItem(key, JSON.stringify([...seen, ...found]));
      };
      new MutationObserver(check).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    },
    { wanted: texts, key },
  );
  return async (text: string) => {
    await expect
      .poll(
        () =>
          page
            .evaluate((key) => sessionStorage.getItem(key) ?? '[]', key)
            .then((value) => (JSON.parse(value) as string[]).includes(text))
            // Mid-navigation there is no page to ask yet: ask again.
            .catch(() => false),
        { message: `the page never showed "${text}"` },
      )
      .toBe(true);
  };
}

/** A navigation of the page itself (not of an iframe, e.g. a silent renew). */
export function isPageNavigation(page: Page, request: Request) {
  return request.isNavigationRequest() && request.frame() === page.mainFrame();
}

/**
 * The link to `linkPath` in the newest mail to `to` whose subject matches, read from the
 * recipient's inbox (the SMTP catcher of scripts/serve-fresh.mjs) as its recipient would read it.
 * Waits for the mail: delivery is a background job.
 */
export async function linkFromInbox(to: string, subject: RegExp, linkPath: string) {
  const dir = process.env.BOON_E2E_MAIL_DIR;
  if (!dir) throw new Error('BOON_E2E_MAIL_DIR is not set: run through e2e/playwright.config.ts');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse()
          .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CaughtMail);
        const mail = mails.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        link = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(linkPath));
        return link;
      },
      {
        message: `a mail to ${to} matching ${subject} with a link to ${linkPath}`,
        timeout: 20_000,
      },
    )
    .toBeTruthy();
  return link as string;
}

/** A mail as scripts/lib/mail-catcher.mjs keeps it. */
interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}
