import { createHmac } from 'node:crypto';

import {
  expect,
  expectNoAxeViolations,
  sidebar,
  signInForm,
  submitSignIn,
  test,
} from '../fixtures.js';

/**
 * Every screen passes axe (WCAG 2.2 AA) at 1366 px and at 390 px wide. The screens that other
 * files walk through already (Settings, Help, Team, Customers, the debug pages, the onboarding
 * steps, the consent and playground modals) are checked there, where they are reached; this
 * file visits the rest.
 */

test.describe('signed out', () => {
  test("the provider's sign-in page", async ({ page }) => {
    await page.goto('/login');
    await expect(signInForm(page).submit).toBeVisible();
    await expectNoAxeViolations(page, "the provider's sign-in page");
  });

  test("the provider's forgot-password and resend-verification pages", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/idp/verify-email/resend');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Resend the verification e-mail' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the provider's page for a link that no longer works", async ({ page }) => {
    await page.goto('/idp/verify-email?token=no-such-token');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the provider's error page", async ({ page }) => {
    await page.goto('/idp/auth?client_id=no-such-client&response_type=code&scope=openid');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign-in could not continue' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the public onboarding screens', async ({ page }) => {
    await page.goto('/onboard/verify-email?email=someone%40example.test');
    await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/onboard/closed');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in', () => {
  test('Home and the 404 page', async ({ pageAs }) => {
    const page = await pageAs('owner@acme.test');
    await page.goto('/');
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/no-such-page');
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a migrated customer's Home and Settings, with Balance notifications", async ({
    pageAs,
  }) => {
    const page = await pageAs('owner@globex.test');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/user/settings');
    await expect(page.getByRole('button', { name: 'Balance notifications' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the playground's Home with its banners", async ({ pageAs }) => {
    const page = await pageAs('trial@newco.test');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'You are in playground mode' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('where a person without a company ends: book-a-demo, and a company staff declined', async ({
    pageAs,
  }) => {
    const page = await pageAs('pending@initech.test');
    // Peter has no company of his own, but another test approves Initech meanwhile: the server's
    // answers about him are held to a user without customers, and his pending company is what
    // each screen needs (none for book-a-demo, spec 4.1's UnknownState; then a declined one).
    let pendingCustomer: Record<string, unknown> | null = null;
    await page.route(
      (url) => url.pathname.endsWith('/api/customer-management/user/me'),
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        if (!response.ok()) return route.fulfill({ response });
        const user = (await response.json()) as Record<string, unknown>;
        return route.fulfill({
          response,
          json: { ...user, customerIds: [], roles: [], permissions: [] },
        });
      },
    );
    await page.route('**/api/customer-management/onboarding-state', (route) =>
      pendingCustomer
        ? route.fulfill({ json: pendingCustomer })
        : route.fulfill({
            status: 404,
            json: { status: 404, code: 'not_found', message: 'Not Found' },
          }),
    );

    await page.goto('/');
    await expect(page).toHaveURL(/\/onboard\/book-a-demo$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "Let's find the right start for you" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    pendingCustomer = {
      pendingCustomerId: 'P-INITECH1',
      companyName: 'Initech',
      approvalStatus: 'DECLINED',
      onboardingTaskState: 'COMPLETE',
    };
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboard\/pending-confirmation$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "We couldn't approve Initech" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("staff's mailbox", async ({ pageAs }) => {
    const page = await pageAs('staff@boon.test');
    await page.goto('/debug/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    // Other tests send mail meanwhile: either list is the screen.
    await expect(
      page
        .getByRole('button', { name: /^Open ".*" to / })
        .or(page.getByText('No mail yet.'))
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** The current code of an authenticator app holding a base32 secret (RFC 6238: SHA-1, 30 s). */
function totpCode(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/[\s=]/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0xf;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

test("the provider's two-factor pages: setting it up, managing it, and the code at sign-in", async ({
  pageAs,
  page: signedOut,
}) => {
  // Four screens, each checked at two widths.
  test.setTimeout(60_000);
  // The service manager is no other test's user: turning two-factor on changes their sign-in.
  const email = 'manager@acme.test';
  const page = await pageAs(email);
  await page.goto('/user/settings');
  await page.getByRole('button', { name: 'Two-factor authentication' }).click();
  const setUp = page.getByRole('link', { name: 'Set up two-factor authentication' });
  await expect(setUp).toBeVisible();
  await expectNoAxeViolations(page);
  await setUp.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const secret = await page.locator('#setup-key').innerText();
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Two-factor authentication is on' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Opened again, the page offers to turn it off.
  await page.goto('/idp/account/two-factor');
  await expect(page.getByText(`Two-factor authentication is on for ${email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await signedOut.goto('/');
  await submitSignIn(signedOut, email, 'demo-pass-2026');
  await expect(
    signedOut.getByRole('textbox', { name: 'Authentication code', exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(signedOut, "the provider's second-factor page");
});
