import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

import {
  demoPassword,
  expect,
  owner,
  sidebar,
  signInThroughUi,
  submitSignIn,
  test,
} from '../fixtures.js';

/**
 * Issue 4's "done means", as people do it in the browser against the real server: a company signs
 * up and waits for staff approval, a personal address is turned away, an invitee joins Acme. Mail
 * is read where it goes without SMTP: staff's mailbox at /debug/mailbox.
 */

test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'a-long-new-password-2026';

let staffContext: BrowserContext;
let staff: Page;

test.beforeAll(async ({ browser }, testInfo) => {
  staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  staff = await staffContext.newPage();
  await signInThroughUi(staff, { email: 'staff@boon.test', password: demoPassword, customer: '' });
});
test.afterAll(() => staffContext.close());

async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, elements: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The sidebar's entries, as the shell tests read them. */
function entries(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  return nav.getByRole('link').or(nav.getByRole('button'));
}

/** Staff open the newest mail to `to` whose subject matches, and read the link it carries. */
async function linkFromMail(to: string, subject: RegExp, linkPath: string): Promise<string> {
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
  const link = drawer.getByRole('link', { name: new RegExp(linkPath.replace(/[?]/g, '\\?')) });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await staff.keyboard.press('Escape');
  if (!href) throw new Error(`no link in the mail to ${to}`);
  return href;
}

/** A new user answers the consent question (spec 4.3) the first time the console opens. */
async function acceptConsent(page: Page) {
  const consent = page.getByRole('dialog', { name: 'Your Privacy Matters to Us' });
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
}

/** The provider's "Create account" form, reached from a console link with the address given. */
async function createAccount(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The address is not verified yet: the console says so (spec 4.2, email-unverified).
  await expect(page).toHaveURL(/\/onboard\/verify-email\?email=/);
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address' })).toBeVisible();
}

/** Follows the verification mail's link, then signs in from the console. */
async function verifyAndSignIn(page: Page, email: string) {
  const link = await linkFromMail(email, /Verify your e-mail address/, '/idp/verify-email?token=');
  await page.goto(link);
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is verified' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Continue', exact: true }).click();
  await submitSignIn(page, email, PASSWORD);
}

test('a new company signs up, waits for approval, and lands on Home once staff approve', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const company = `Hooli ${stamp}`;
  const email = `founder-${stamp}@hooli-${stamp}.test`;

  await page.goto(`/onboarding-link?email=${encodeURIComponent(email)}`);
  await createAccount(page, email);
  await verifyAndSignIn(page, email);

  await expect(page).toHaveURL(/\/onboard\/account-details$/);
  await expect(sidebar(page)).toHaveCount(0);
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'First name' }).fill('Gavin');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Belson');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboard\/company-details$/);
  await page.getByRole('textbox', { name: 'Company name' }).fill(company);
  await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await page.getByRole('radio', { name: '51-200 employees' }).check();
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveValue(`hooli-${stamp}.test`);
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/onboard\/user-segmentation$/);
  await page.getByRole('radio', { name: 'Within 30 days' }).check();
  await page.getByRole('checkbox', { name: 'Employee rewards and recognition' }).check();
  await page.getByRole('button', { name: 'Create company' }).click();

  // The onboarding task finishes in the background; the console polls (10 s, 15 s, 20 s).
  const waiting = page.getByRole('heading', { name: "Thanks! We're verifying your company" });
  await expect(waiting).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Verification takes 2 to 4 business days.')).toBeVisible();
  await expect(page.getByText(company)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // Staff approve the company from Customers.
  await staff.goto('/admin/pending-customers');
  await staff.getByRole('textbox', { name: 'Company name begins with' }).fill(company);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row').filter({ hasText: company });
  await expect(row).toContainText('PENDING');
  await row.getByRole('button', { name: `Approve ${company}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Approve ${company}` });
  await dialog.getByRole('checkbox', { name: 'Balances enabled' }).check();
  await dialog.getByRole('checkbox', { name: 'USD' }).check();
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
  await expect(entries(page)).toHaveText(['Home', 'Team', 'Settings', 'Help']);
  await expect(page.getByText(company).first()).toBeVisible();
  await expect(page.getByText('Complete verification')).toHaveCount(0);
});

test('a personal e-mail address is asked for a company one instead', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `someone.${stamp}@gmail.com`;
  await page.goto(`/onboarding-link?email=${encodeURIComponent(email)}`);
  await createAccount(page, email);
  await verifyAndSignIn(page, email);

  await expect(page).toHaveURL(/\/onboard\/personal-email-restriction$/);
  await expect(
    page.getByRole('heading', { name: 'Use your company e-mail address' }),
  ).toBeVisible();
  await expect(page.getByText('gmail.com', { exact: false }).first()).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  expect(await wcagViolations(page)).toEqual([]);
});

test("an invitee of Acme's owner joins with the invited role's sidebar", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const email = `invitee-${stamp}@acme.test`;

  // The owner invites a service agent.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInThroughUi(ownerPage, owner);
  await ownerPage.goto('/team/invite');
  await ownerPage.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await ownerPage.getByRole('radio', { name: /^Service agent/ }).check();
  await ownerPage.getByRole('button', { name: 'Send invite' }).click();
  await expect(ownerPage).toHaveURL(/\/team\/invite-sent/);
  await ownerContext.close();

  // The invite mail's link opens the console, which hands over to sign-up with the address.
  const link = await linkFromMail(email, /invited you/, '/invite-link?');
  await page.goto(link);
  await createAccount(page, email);
  await verifyAndSignIn(page, email);

  await expect(page).toHaveURL(/\/onboard\/account-details$/);
  await expect(page.getByText(/invited to join Acme Rewards Ltd/)).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ines');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Vitee');
  await page.getByRole('button', { name: 'Continue' }).click();
  await acceptConsent(page);

  // Accepting the invite made them a service agent of Acme: no Team entry (no read:team_members).
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(entries(page)).toHaveText(['Home', 'Settings', 'Help']);
  await page.goto('/team');
  await expect(page).toHaveURL(/\/$/);
  expect(await wcagViolations(page)).toEqual([]);
});

test('/signup shows the sign-up form even in a browser still signed in at the provider', async ({
  page,
}) => {
  await signInThroughUi(page, owner);
  const email = `colleague-${stamp}@acme.test`;
  await page.goto(`/signup?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: /^Create your .* account$/ })).toBeVisible();
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email);
});
