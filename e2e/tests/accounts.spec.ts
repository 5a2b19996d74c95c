import type { Page } from '@playwright/test';

import {
  expect,
  expectNoAxeViolations,
  linkFromInbox,
  sidebar,
  submitSignIn,
  test,
} from '../fixtures.js';

/**
 * As people do it in the browser against the real server: a company signs up and waits for staff
 * approval, a personal address is turned away, an invitee joins Acme. Each person reads their
 * mail in their own inbox (the SMTP catcher the server delivers to); staff's mailbox at
 * /debug/mailbox shows the same mail with its single-use secrets hidden.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'a-long-new-password-2026';
const STAFF = 'staff@boon.test';

/** The sidebar's entries, as the shell tests read them. */
function entries(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  return nav.getByRole('link').or(nav.getByRole('button'));
}

/**
 * The link to `linkPath` in the newest mail to `to` whose subject matches, from the recipient's
 * inbox. With `checkAccessibility`, staff also open the mail in their mailbox, where its
 * single-use secret must not show, and axe looks at the mailbox with the mail open.
 */
async function linkFromMail(
  staff: Page,
  to: string,
  subject: RegExp,
  linkPath: string,
  { checkAccessibility = false } = {},
): Promise<string> {
  const link = await linkFromInbox(to, subject, linkPath);
  if (!checkAccessibility) return link;
  await staff.goto('/debug/mailbox');
  await staff.getByRole('textbox', { name: 'Recipient' }).fill(to);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const escaped = to.replace(/[.+]/g, '\\$&');
  const mail = staff
    .getByRole('button', { name: new RegExp(`^Open ".*" to ${escaped}$`) })
    .and(staff.getByRole('button', { name: subject }));
  await expect(mail.first()).toBeVisible();
  await mail.first().click();
  const drawer = staff.getByRole('dialog');
  await expect(drawer.getByText(to, { exact: true })).toBeVisible();
  // Staff never see the secret that would let them use the link: the body of a delivered mail
  // is gone, and a body still waiting shows its link with the token REDACTED.
  const token = new URL(link).searchParams.get('token');
  expect(token).toBeTruthy();
  expect(await drawer.innerHTML()).not.toContain(token as string);
  await expectNoAxeViolations(staff, 'the mailbox with a mail open');
  await staff.keyboard.press('Escape');
  return link;
}

/** A new user answers the consent question (spec 4.3) the first time the console opens. */
async function acceptConsent(page: Page) {
  const consent = page.getByRole('dialog', { name: 'Your Privacy Matters to Us' });
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
}

/** Whether a helper also runs axe on the screens it passes (once per screen is enough). */
interface Checks {
  checkAccessibility?: boolean;
}

/** The provider's "Create account" form, reached from a console link with the address given. */
async function createAccount(page: Page, email: string, { checkAccessibility }: Checks = {}) {
  await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email);
  if (checkAccessibility) await expectNoAxeViolations(page, "the provider's sign-up page");
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The address is not verified yet: the console says so (spec 4.2, email-unverified).
  await expect(page).toHaveURL(/\/onboard\/verify-email\?email=/);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  if (checkAccessibility) await expectNoAxeViolations(page);
}

/** Follows the verification mail's link, then signs in from the console. */
async function verifyAndSignIn(staff: Page, page: Page, email: string, checks: Checks = {}) {
  const link = await linkFromMail(
    staff,
    email,
    /Verify your e-mail address/,
    '/idp/verify-email?token=',
    checks,
  );
  await page.goto(link);
  // Opening the link verifies nothing (mail scanners open links too): the person confirms.
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
  await expect(page.getByText(`Confirm that ${email} is your address`)).toBeVisible();
  if (checks.checkAccessibility) {
    await expectNoAxeViolations(page, "the provider's verification confirm page");
  }
  await page.getByRole('button', { name: 'Verify e-mail address' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is verified' }),
  ).toBeVisible();
  if (checks.checkAccessibility) await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Continue', exact: true }).click();
  await submitSignIn(page, email, PASSWORD);
}

test('a sign-up at /signup continues in a fresh browser: verified, signed in, asked for the company', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `starter-${stamp}@initrode-${stamp}.test`;
  await page.goto(`/signup?email=${encodeURIComponent(email)}`);
  await createAccount(page, email);

  // Another browser: none of the first one's local storage. The provider's record of the sign-up
  // is what tells the console this person is setting up a company.
  const fresh = await browser.newContext({ baseURL });
  try {
    const other = await fresh.newPage();
    await other.goto(
      await linkFromInbox(email, /Verify your e-mail address/, '/idp/verify-email?token='),
    );
    await other.getByRole('button', { name: 'Verify e-mail address' }).click();
    await other.getByRole('link', { name: 'Continue', exact: true }).click();
    // The sign-in form opens with the address just verified.
    await expect(other.getByLabel('Email address', { exact: true })).toHaveValue(email);
    await submitSignIn(other, email, PASSWORD);

    await expect(other).toHaveURL(/\/onboard\/account-details$/);
    await other.getByRole('textbox', { name: 'First name' }).fill('Peter');
    await other.getByRole('textbox', { name: 'Last name' }).fill('Gibbons');
    await other.getByRole('button', { name: 'Continue' }).click();
    await expect(other).toHaveURL(/\/onboard\/company-details$/);
    await expect(other.getByRole('textbox', { name: 'Company name' })).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test('a new company signs up, waits for approval, and lands on Home once staff approve', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const staff = await pageAs(STAFF);
  const company = `Hooli ${stamp}`;
  const email = `founder-${stamp}@hooli-${stamp}.test`;

  // The console polls the set-up every 10 to 20 s (spec 9); the test moves its clock on instead
  // of waiting. The clock otherwise runs as usual.
  await page.clock.install();
  await page.goto(`/onboarding-link?email=${encodeURIComponent(email)}`);
  await createAccount(page, email, { checkAccessibility: true });
  await verifyAndSignIn(staff, page, email, { checkAccessibility: true });

  await expect(page).toHaveURL(/\/onboard\/account-details$/);
  await expect(sidebar(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('Gavin');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Belson');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboard\/company-details$/);
  await page.getByRole('textbox', { name: 'Company name' }).fill(company);
  await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await page.getByRole('radio', { name: '51-200 employees' }).check();
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveValue(`hooli-${stamp}.test`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboard\/user-segmentation$/);
  await page.getByRole('radio', { name: 'Within 30 days' }).check();
  await page.getByRole('checkbox', { name: 'Employee rewards and recognition' }).check();
  await expectNoAxeViolations(page);

  // The set-up runs in the background while the console polls the onboarding state. Until axe
  // has looked at "We're setting up your account", every answer says it is still running, so the
  // screen cannot move on before then, however fast the set-up is.
  let holdSetUp = true;
  await page.route('**/api/customer-management/onboarding-state', async (route) => {
    if (!holdSetUp) return route.fallback();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const body = (await response.json()) as Record<string, unknown>;
    return route.fulfill({ response, json: { ...body, onboardingTaskState: 'STARTED' } });
  });
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/onboard\/taking-long$/);
  await expect(page.getByRole('heading', { name: "We're setting up your account" })).toBeVisible();
  await expectNoAxeViolations(page);
  holdSetUp = false;

  // The onboarding task finishes in the background; the console polls (10 s, 15 s, 20 s).
  const waiting = page.getByRole('heading', { name: "Thanks! We're verifying your company" });
  await expect(async () => {
    await page.clock.fastForward(10_000);
    await expect(waiting).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByText('Verification takes 2 to 4 business days.')).toBeVisible();
  await expect(page.getByText(company)).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff approve the company from Customers.
  await staff.goto('/admin/pending-customers');
  await staff.getByRole('textbox', { name: 'Company name begins with' }).fill(company);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Approve ${company}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Approve ${company}` });
  // What the founder told us, and the defaults from it: a US company gets balances in USD.
  await expect(dialog).toContainText('51-200 employees');
  await expect(dialog.getByRole('checkbox', { name: 'Balances enabled' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'USD' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${company} approved.` })).toBeVisible();

  // At the next sign-in the owner of the new customer lands on Home with the full sidebar.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(
    page.getByText('Logging you out…').or(page.getByLabel('Email address', { exact: true })),
  ).toBeVisible();
  await page.goto('/');
  await submitSignIn(page, email, PASSWORD);
  await acceptConsent(page);
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(entries(page)).toHaveText([
    'Home',
    'Network',
    'Order history',
    'Billing & Finance',
    'Team',
    'Settings',
    'Help',
  ]);
  await expect(page.getByText(company).first()).toBeVisible();
  await expect(page.getByText('Complete verification')).toHaveCount(0);
});

test('a personal e-mail address is asked for a company one instead', async ({ page, pageAs }) => {
  test.setTimeout(120_000);
  const staff = await pageAs(STAFF);
  const email = `someone.${stamp}@gmail.com`;
  await page.goto(`/onboarding-link?email=${encodeURIComponent(email)}`);
  await createAccount(page, email);
  await verifyAndSignIn(staff, page, email);

  await expect(page).toHaveURL(/\/onboard\/personal-email-restriction$/);
  await expect(
    page.getByRole('heading', { name: 'Use your company e-mail address' }),
  ).toBeVisible();
  await expect(page.getByText('gmail.com', { exact: false }).first()).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an invitee of Acme's owner joins with the invited role's sidebar", async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const staff = await pageAs(STAFF);
  const email = `invitee-${stamp}@acme.test`;

  // The owner invites a service agent.
  const ownerPage = await pageAs('owner@acme.test');
  await ownerPage.goto('/team/invite');
  await ownerPage.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await ownerPage.getByRole('radio', { name: /^Service agent/ }).check();
  await ownerPage.getByRole('button', { name: 'Send invite' }).click();
  await expect(ownerPage).toHaveURL(/\/team\/invite-sent/);
  await ownerPage.close();

  // The invite mail's link opens the console, which hands over to sign-up with the address.
  const link = await linkFromMail(staff, email, /invited you/, '/invite-link?');
  await page.goto(link);
  await createAccount(page, email);
  await verifyAndSignIn(staff, page, email);

  await expect(page).toHaveURL(/\/onboard\/account-details$/);
  await expect(page.getByText(/invited to join Acme Rewards Ltd/)).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ines');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Vitee');
  await page.getByRole('button', { name: 'Continue' }).click();
  await acceptConsent(page);

  // Accepting the invite made them a service agent of Acme: no Team entry (no read:team_members),
  // Billing & Finance only for All transactions, and Network and Order history (every role reads
  // products and orders).
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(entries(page)).toHaveText([
    'Home',
    'Network',
    'Order history',
    'Billing & Finance',
    'Settings',
    'Help',
  ]);
  await page.goto('/team');
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page);
});

test('/signup shows the sign-up form even in a browser still signed in at the provider', async ({
  pageAs,
}) => {
  const page = await pageAs('owner@acme.test');
  const email = `colleague-${stamp}@acme.test`;
  await page.goto(`/signup?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email);
});

test("a forgotten password: the provider's pages on the way to a new one", async ({
  page,
  pageAs,
}) => {
  const staff = await pageAs(STAFF);
  // Acme's finance manager is no other test's user; the password stays as it is.
  const email = 'finance@acme.test';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Reset your password');
  await expectNoAxeViolations(page);

  const link = await linkFromMail(staff, email, /Reset your .* password/, '/idp/reset-password?');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('someone whose company already has an account is told to ask a colleague for an invite', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const staff = await pageAs(STAFF);
  const email = `newcomer-${stamp}@globex.test`;
  await page.goto(`/onboarding-link?email=${encodeURIComponent(email)}`);
  await createAccount(page, email);
  await verifyAndSignIn(staff, page, email);

  await expect(page).toHaveURL(/\/onboard\/account-details$/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboard\/company-details$/);
  await page.getByRole('textbox', { name: 'Company name' }).fill(`Globex ${stamp}`);
  await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await page.getByRole('radio', { name: '51-200 employees' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboard\/user-segmentation$/);
  await page.getByRole('radio', { name: 'Within 30 days' }).check();
  await page.getByRole('checkbox', { name: 'Employee rewards and recognition' }).check();
  await page.getByRole('button', { name: 'Create company' }).click();

  // globex.test is Globex Corporation's domain: the server refuses a second company for it.
  await expect(page).toHaveURL(/\/onboard\/customer-exists$/);
  await expect(
    page.getByRole('heading', { name: 'globex.test already has an account' }),
  ).toBeVisible();
  await expect(page.getByText(/Globex Corporation already uses/)).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an invite revoked before the invitee signs up leads to "invite expired"', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(180_000);
  const staff = await pageAs(STAFF);
  const email = `revoked-${stamp}@acme.test`;

  const ownerPage = await pageAs('owner@acme.test');
  await ownerPage.goto('/team/invite');
  await ownerPage.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await ownerPage.getByRole('radio', { name: /^Viewer/ }).check();
  await ownerPage.getByRole('button', { name: 'Send invite' }).click();
  await expect(ownerPage).toHaveURL(/\/team\/invite-sent/);
  const link = await linkFromMail(staff, email, /invited you/, '/invite-link?');

  // The owner changes their mind while the mail is still unread.
  await ownerPage.goto('/team');
  const row = ownerPage.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Revoke the invite to ${email}` }).click();
  await ownerPage
    .getByRole('dialog', { name: `Revoke the invite to ${email}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(ownerPage.getByText(`The invite to ${email} was revoked.`)).toBeVisible();
  await ownerPage.close();

  await page.goto(link);
  await createAccount(page, email);
  await verifyAndSignIn(staff, page, email);
  await expect(page).toHaveURL(/\/onboard\/invite-expired$/);
  await expect(
    page.getByRole('heading', { name: 'This invite has expired or is no longer valid' }),
  ).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});
