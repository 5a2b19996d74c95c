// Fixtures for the browser tests, in the Epic Stack's style: a test asks for what it needs.
//
// `test.use({ signedIn: true })` gives a test a browser context that is already signed in as the
// Acme owner. The sign-in itself goes through the real UI, once per worker, and its storage state
// (the provider's session cookie and the console's tokens in local storage) is reused by every
// such test; tests whose subject is the sign-in use the plain, signed-out context.
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';

export { expect };

export const demoPassword = 'demo-pass-2026';
export const owner = {
  email: 'owner@acme.test',
  password: demoPassword,
  customer: 'Acme Rewards Ltd',
};

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

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

async function signedInStorageState(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInThroughUi(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export const test = base.extend<
  { signedIn: boolean },
  { signedInState: () => Promise<StorageState> }
>({
  signedIn: [false, { option: true }],

  // Lazy, so a worker that only runs signed-out tests never signs in.
  signedInState: [
    async ({ browser }, use, workerInfo) => {
      let state: Promise<StorageState> | undefined;
      await use(() => (state ??= signedInStorageState(browser, workerInfo.project.use.baseURL)));
    },
    { scope: 'worker' },
  ],

  storageState: async ({ signedIn, signedInState, storageState }, use) => {
    await use(signedIn ? await signedInState() : storageState);
  },
});

/**
 * Records which of `texts` the page showed at any moment, across navigations, and returns a check
 * that waits until a given one has been seen.
 *
 * The console shows "Logging you in…" and friends only while a redirect is under way, so looking
 * for them afterwards races the redirect, and holding the redirect does not help: while a page
 * navigation is pending Playwright cannot evaluate in the page. A MutationObserver reports each
 * text the moment it is rendered, so the check is deterministic.
 */
export async function recordShownTexts(page: Page, texts: string[]) {
  const shown = new Set<string>();
  await page.exposeBinding('__boonTextShown', (_source, text: string) => {
    shown.add(text);
  });
  await page.addInitScript((wanted: string[]) => {
    const pending = new Set(wanted);
    const report = (text: string) =>
      (window as unknown as { __boonTextShown(text: string): Promise<void> }).__boonTextShown(text);
    const check = () => {
      const visibleText = document.body?.innerText ?? '';
      for (const text of pending) {
        if (visibleText.includes(text)) {
          pending.delete(text);
          void report(text);
        }
      }
    };
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, texts);
  return async (text: string) => {
    await expect
      .poll(() => shown.has(text), { message: `the page never showed "${text}"` })
      .toBe(true);
  };
}

/** A navigation of the page itself (not of an iframe, e.g. a silent renew). */
export function isPageNavigation(page: Page, request: Request) {
  return request.isNavigationRequest() && request.frame() === page.mainFrame();
}
