import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect, sidebar, signInForm, test } from '../fixtures.js';

/** Axe's WCAG 2.0/2.1 A and AA rules; a violation is reported with the elements it hit. */
async function wcagViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

test('the sign-in page has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('/login');
  await expect(signInForm(page).submit).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ signedIn: true });

  test('Home has no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/');
    await expect(sidebar(page)).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('the 404 page has no WCAG A/AA violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
});
