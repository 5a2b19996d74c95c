import { expect, expectNoAxeViolations, test } from '../fixtures.js';

/** Staff approve Initech's pending customer from Customers (/admin/pending-customers). */

test("staff approve Initech's pending customer", async ({ pageAs }) => {
  const page = await pageAs('staff@boon.test');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  // Pending is the default filter, and the address says so.
  await expect(page).toHaveURL(/\/admin\/pending-customers\?status=PENDING$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Initech' });
  await expect(row).toContainText('initech.test');
  await expect(row).toContainText('pending@initech.test');
  await expect(row).toContainText('Pending');
  await expectNoAxeViolations(page);

  // The search narrows the list to Initech.
  await page.getByRole('textbox', { name: 'Company name begins with' }).fill('init');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Initech' })).toHaveCount(1);

  await row.getByRole('button', { name: 'Approve Initech' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Initech' });
  await expect(dialog).toBeVisible();
  // Initech is in the United States: balances come switched on, in US dollars.
  await expect(dialog.getByRole('checkbox', { name: 'Balances enabled' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'USD' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /^Discount \(%\)/ }).fill('5');
  await expectNoAxeViolations(page);

  const approved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/customer-management/pending-customer/approve') &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Approve' }).click();
  expect((await approved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Initech approved.' })).toBeVisible();
  // It leaves the Pending list, and the Approved filter lists it, with nothing left to decide.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Approved' });
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('staff find a customer by name and open it with its members', async ({ pageAs }) => {
  const page = await pageAs('staff@boon.test');
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
  // Acme's multiplier 0.97 is shown as the discount it gives.
  await expect(drawer.getByText('3%', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
