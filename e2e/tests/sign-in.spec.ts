import type { Page, Request } from '@playwright/test';

import {
  expect,
  isPageNavigation,
  owner,
  recordShownTexts,
  sidebar,
  signInForm,
  submitSignIn,
  test,
} from '../fixtures.js';

const isNavigationTo = (page: Page, origin: string, pathname: string) => (request: Request) => {
  const url = new URL(request.url());
  return isPageNavigation(page, request) && url.origin === origin && url.pathname === pathname;
};

test('a signed-out visitor signs in, sees Home and signs out again', async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('baseURL is not configured');
  const origin = new URL(baseURL).origin;
  const wasShown = await recordShownTexts(page, [
    'Logging you in…',
    'Just logging you in…',
    'Logging you out…',
  ]);

  await page.goto('/');
  await wasShown('Logging you in…');
  const form = signInForm(page);
  await expect(form.email).toBeVisible();
  await expect(form.password).toBeVisible();
  await expect(form.submit).toBeVisible();

  // The way back passes /auth/callback, where the code is exchanged for tokens.
  const callback = page.waitForRequest(isNavigationTo(page, origin, '/auth/callback'));
  await submitSignIn(page, owner.email, owner.password);
  await callback;
  await wasShown('Just logging you in…');

  await expect(page).toHaveURL((url) => url.pathname === '/');
  // The sidebar shows the logo (a link home named after the product), the customer and Log Out.
  const nav = sidebar(page);
  await expect(nav).toBeVisible();
  const logo = nav.getByRole('link', { name: 'Boon home', exact: true });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('href', '/');
  await expect(logo.locator('svg')).toBeVisible();
  await expect(nav.getByText(owner.customer)).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log Out', exact: true })).toBeVisible();

  const backAtOrigin = page.waitForRequest(isNavigationTo(page, origin, '/'));
  await nav.getByRole('button', { name: 'Log Out', exact: true }).click();
  await wasShown('Logging you out…');

  // The provider's session is over and the origin sends a signed-out visitor to sign in, so the
  // password is asked for again (no silent sign-in from a leftover session).
  await backAtOrigin;
  await expect(form.email).toBeVisible();
  await expect(form.password).toBeVisible();
  await expect(form.password).toHaveValue('');
  await expect(sidebar(page)).toHaveCount(0);
});

test('/login?email= pre-fills the e-mail address', async ({ page }) => {
  await page.goto('/login?email=admin@acme.test');
  await expect(signInForm(page).email).toHaveValue('admin@acme.test');
});

test('a wrong password is refused on the sign-in page', async ({ page }) => {
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/auth/callback') callbacks.push(request.url());
  });
  await page.goto('/');
  await submitSignIn(page, owner.email, 'not-the-password');

  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await expect(signInForm(page).password).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/idp(\/|$)/);
  expect(callbacks).toEqual([]);
});
