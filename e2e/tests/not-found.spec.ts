import { expect, sidebar, test } from '../fixtures.js';

test.use({ signedInAs: 'owner@acme.test' });

test('an unknown path shows "Page not found" with a link home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
  const message = page.getByText("We couldn't find the page you requested, go back to home?");
  await expect(message).toBeVisible();

  // The link is either a word inside the sentence or the sentence itself.
  const homeLink = message
    .getByRole('link')
    .or(page.getByRole('link', { name: /^We couldn't find/ }));
  await homeLink.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(sidebar(page)).toBeVisible();
});
