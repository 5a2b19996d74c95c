import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { demoPassword, expect, signInThroughUi, test } from '../fixtures.js';

/** Staff approve Initech's pending customer from Customers (/admin/pending-customers, issue 4). */

async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => ({ rule: v.id, elements: v.nodes.map((n) => n.target.join(' ')) }));
}

test("staff approve Initech's pending customer", async ({ page }) => {
  await signInThroughUi(page, { email: 'staff@boon.test', password: demoPassword, customer: '' });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page).toHaveURL(/\/admin\/pending-customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Initech' });
  await expect(row).toContainText('initech.test');
  await expect(row).toContainText('pending@initech.test');
  await expect(row).toContainText('PENDING');
  expect(await wcagViolations(page)).toEqual([]);

  // The search narrows the list to Initech.
  await page.getByRole('textbox', { name: 'Company name begins with' }).fill('init');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Initech' })).toHaveCount(1);

  await row.getByRole('button', { name: 'Approve Initech' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Initech' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Balances enabled' }).check();
  await dialog.getByRole('checkbox', { name: 'USD' }).check();
  await dialog.getByRole('textbox', { name: /Discount multiplier/ }).fill('0.95');
  expect(await wcagViolations(page)).toEqual([]);

  const approved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/customer-management/pending-customer/approve') &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await approved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Initech approved.' })).toBeVisible();
  await expect(row).toContainText('APPROVED');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The approved filter lists it too.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'APPROVED' });
  await expect(page.getByRole('row').filter({ hasText: 'Initech' })).toContainText('APPROVED');
  expect(await wcagViolations(page)).toEqual([]);
});

test('staff find a customer by name and open it with its members', async ({ page }) => {
  await signInThroughUi(page, { email: 'staff@boon.test', password: demoPassword, customer: '' });
  await page.goto('/admin/pending-customers');
  await page.getByRole('textbox', { name: 'Name or customer id' }).fill('acme');
  await page.getByRole('button', { name: 'Find customers' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Acme Rewards Ltd' });
  await expect(row).toContainText('C-ACME0001');
  await row.getByRole('button', { name: 'Open Acme Rewards Ltd' }).click();
  const drawer = page.getByRole('dialog', { name: 'Acme Rewards Ltd' });
  await expect(drawer.getByRole('listitem').filter({ hasText: 'owner@acme.test' })).toContainText(
    'Owner',
  );
  await expect(drawer.getByText('0.97')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
