import { expect, expectNoAxeViolations, test } from '../fixtures.js';

/**
 * The merchant network against the real catalog service and its demo network:
 * owner@acme.test opens Network → Merchants, searches, filters by country and opens a merchant.
 */
test('the owner finds a merchant by name and country and reads its details', async ({ pageAs }) => {
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/');
  const nav = owner.getByRole('navigation', { name: 'Main' });
  const merchantsLink = nav.getByRole('link', { name: 'Merchants' });
  if (!(await merchantsLink.isVisible())) {
    await nav.getByRole('button', { name: 'Network' }).click();
  }
  await merchantsLink.click();
  await expect(owner).toHaveURL(/\/network\/merchants$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  const merchants = owner.getByRole('list', { name: 'Merchants' });
  await expect(merchants.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(owner, 'Merchants');

  await owner.getByRole('textbox', { name: 'Search by name' }).fill('Northwind');
  await expect(owner).toHaveURL(/search=Northwind/);
  await expect(merchants.getByRole('link', { name: /^(?!Northwind)/ })).toHaveCount(0);
  await owner.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United Kingdom' });
  await expect(owner).toHaveURL(/country=GB/);
  const card = merchants.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Northwind Coffee');
  await expect(card).toContainText('United Kingdom');
  await expect(card).toContainText('(GBP)');
  await expect(card).toContainText('Available');
  await expectNoAxeViolations(owner, 'Merchants, searched and filtered');

  await card.getByRole('link', { name: 'Northwind Coffee' }).click();
  await expect(owner).toHaveURL(/\/network\/merchants\/NORTHWIND-COFFEE-GB$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Northwind Coffee' })).toBeVisible();
  const facts = owner.getByRole('region', { name: 'Reward details' });
  await expect(facts).toContainText('United Kingdom');
  await expect(facts).toContainText('£');
  await expect(owner.getByRole('region', { name: 'About' }).locator('strong')).toHaveText(
    'Northwind Coffee',
  );
  await expect(owner.getByRole('link', { name: 'Send this reward' })).toHaveAttribute(
    'href',
    '/order/create?productCode=NORTHWIND-COFFEE-GB',
  );
  // The logo is the catalog's own SVG, served from the one origin.
  const logo = owner.locator('main img').first();
  await expect(logo).toHaveAttribute('alt', '');
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
  await expectNoAxeViolations(owner, 'Merchant details');

  await owner.getByRole('link', { name: 'Back to merchants' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
});
