import { expect, sidebar, test } from '../fixtures.js';

test('"Getting set up" is the first screen, painted before any script runs', async ({ page }) => {
  // With the console's scripts held back, what shows is what every visitor sees first.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Getting set up' })).toBeVisible();
  await expect(page).toHaveTitle('Getting set up');
});

test.describe('a lazily loaded chunk that fails', () => {
  test.use({ signedInAs: 'owner@acme.test' });

  test('alerts "A refresh is required to update to latest version." and reloads', async ({
    page,
  }) => {
    // The first request for Home's chunk fails, as after a deployment removed the old one; the
    // reload that follows gets it.
    let failed = false;
    await page.route(/\/assets\/home[^/]*\.js$/, async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const reloaded = page.waitForEvent('load', { predicate: () => alerts.length > 0 });

    await page.goto('/');
    await reloaded;
    expect(alerts).toEqual(['A refresh is required to update to latest version.']);
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });
});
