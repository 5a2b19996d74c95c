import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { demoPassword, expect, sidebar, signInThroughUi, submitSignIn, test } from '../fixtures.js';

/**
 * The shell as each demo user of decisions.md sees it. Entries whose screens belong to console
 * apps not built yet (Network, Order history, Billing & Finance, API, Shop, Customization)
 * and the "create new reward" button (its order-type-selection screen comes with ordering) are
 * absent for everyone; the domain's visibility tests cover their rules row by row.
 */
const as = (email: string) => ({ email, password: demoPassword, customer: '' });

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The sidebar's entries (links and group buttons), for a retrying toHaveText. */
function entries(page: Page) {
  return mainNav(page).getByRole('link').or(mainNav(page).getByRole('button'));
}

async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, elements: v.nodes.map((n) => n.target.join(' ')) }));
}

test('owner: Home, Team, Settings and Help, no staff gear, no create button yet', async ({
  page,
}) => {
  await signInThroughUi(page, as('owner@acme.test'));
  await expect(entries(page)).toHaveText(['Home', 'Team', 'Settings', 'Help']);
  await expect(sidebar(page).getByText('Acme Rewards Ltd')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feature toggles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create new reward' })).toHaveCount(0);

  await mainNav(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Settings');
  expect(await wcagViolations(page)).toEqual([]);

  await mainNav(page).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('viewer: the same entries; a typed staff address goes home', async ({ page }) => {
  await signInThroughUi(page, as('viewer@acme.test'));
  await expect(entries(page)).toHaveText(['Home', 'Team', 'Settings', 'Help']);

  await page.goto('/debug/features');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // The API refuses acting for a customer the viewer does not belong to, whatever the console does.
  const answers = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const { access_token } = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
      access_token: string;
    };
    const call = async (customerId: string) => {
      const response = await fetch('/api/customer-management/user/me', {
        headers: { Authorization: `Bearer ${access_token}`, 'x-customer-id': customerId },
      });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    };
    return { own: await call('C-ACME0001'), other: await call('C-GLOBEX01') };
  });
  expect(answers.own.status).toBe(200);
  expect(answers.other).toEqual({
    status: 403,
    body: expect.objectContaining({ message: 'Forbidden' }),
  });
});

test('agent: no Team (no read:team_members)', async ({ page }) => {
  await signInThroughUi(page, as('agent@acme.test'));
  await expect(entries(page)).toHaveText(['Home', 'Settings', 'Help']);
});

test('trial (playground): Home and Help, the banners, and the limitation modal', async ({
  page,
}) => {
  await signInThroughUi(page, as('trial@newco.test'));
  await expect(entries(page)).toHaveText(['Home', 'Help']);
  await expect(
    page.getByText('You have limited access. To access the full platform Complete verification'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are in playground mode' })).toBeVisible();

  await page.goto('/user/settings');
  await expect(page).toHaveURL(/\/$/);
  const modal = page.getByRole('dialog', { name: 'Complete account setup' });
  await expect(modal).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Not now' }).click();
  await expect(modal).toBeHidden();
});

test('staff: the gear, the toggles, and a blocked later navigation with "Access denied"', async ({
  page,
}) => {
  await signInThroughUi(page, as('staff@boon.test'));
  await expect(entries(page)).toHaveText(['Home', 'Customers', 'Settings', 'Help']);

  await page.getByRole('link', { name: 'Feature toggles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feature toggles' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'debugViews' }).check();
  await expect(entries(page)).toHaveText(['Home', 'Customers', 'Debug', 'Settings', 'Help']);

  await mainNav(page).getByRole('link', { name: 'Debug' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Debug' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // designViews is off: the library link is refused and the page stays.
  await page.getByRole('main').getByRole('link', { name: 'Component library' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Access denied' })).toBeVisible();
  await expect(page).toHaveURL(/\/debug$/);

  // Toggles persist in this browser.
  await page.reload();
  await expect(entries(page)).toHaveText(['Home', 'Customers', 'Debug', 'Settings', 'Help']);
});

test("multi: picks a customer from the switcher and gets that customer's token", async ({
  page,
}) => {
  await signInThroughUi(page, as('multi@acme.test'));
  const switcher = page.getByRole('combobox', { name: 'Customer' });
  await expect(switcher).toBeVisible();
  await expect(sidebar(page).getByText('Please select customer')).toBeVisible();
  await expect(switcher.getByRole('option')).toHaveText([
    'Select a customer',
    'Acme Rewards Ltd',
    'Globex Corporation',
  ]);

  const renewal = page.waitForRequest(
    (request) =>
      request.url().endsWith('/idp/token') &&
      /customer_id=C-GLOBEX01/.test(request.postData() ?? ''),
  );
  await switcher.selectOption({ label: 'Globex Corporation' });
  await renewal;
  await expect(sidebar(page).getByText('Please select customer')).toBeHidden();
  const claims = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const user = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string };
    const payload = user.access_token?.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      customer_id?: string;
      roles?: string[];
    };
  });
  expect(claims).toMatchObject({ customer_id: 'C-GLOBEX01', roles: ['admin'] });
  await expect(entries(page)).toHaveText(['Home', 'Team', 'Settings', 'Help']);
});

test('fresh: the consent modal can only be answered, and stays answered', async ({ page }) => {
  // The modal makes the rest of the page inert, sidebar included, so sign in by hand.
  await page.goto('/');
  await submitSignIn(page, 'fresh@acme.test', demoPassword);
  const modal = page.getByRole('dialog', { name: 'Your Privacy Matters to Us' });
  await expect(modal).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/customer-management/user/me/options') &&
      response.request().method() === 'PATCH',
  );
  await modal.getByRole('button', { name: 'Accept' }).click();
  expect((await saved).status()).toBe(200);
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(modal).toHaveCount(0);
});

test('staff design and debug screens have no WCAG A/AA violations', async ({ page }) => {
  await signInThroughUi(page, as('staff@boon.test'));
  await page.getByRole('link', { name: 'Feature toggles' }).click();
  await page.getByRole('checkbox', { name: 'debugViews' }).check();
  await page.getByRole('checkbox', { name: 'designViews' }).check();

  for (const [path, heading] of [
    ['/debug/component', 'Component library'],
    ['/debug/theme', 'Theme'],
    ['/debug/order-complete', 'Order complete'],
    ['/debug/full-page-loader', 'Getting set up'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await wcagViolations(page), path).toEqual([]);
  }

  // The library's widgets answer the keyboard and the pointer (a re-render loop would hang here).
  await page.goto('/debug/component');
  const field = page.getByRole('main').getByRole('textbox').first();
  await field.fill('');
  await field.pressSequentially('abc');
  await expect(field).toHaveValue(/abc$/);
  const header = page
    .getByRole('main')
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button') })
    .first();
  const before = await header.getAttribute('aria-sort');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute(
    'aria-sort',
    before === 'ascending' ? 'descending' : 'ascending',
  );
});

test('small screens: the sidebar folds behind a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // Log Out is folded away too, so wait for Home rather than for the whole sidebar.
  await page.goto('/');
  await submitSignIn(page, 'agent@acme.test', demoPassword);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNav(page)).toBeHidden();

  await menu.click();
  await expect(mainNav(page)).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(mainNav(page)).toBeHidden();
});
