import type { Locator, Page } from '@playwright/test';

import { expect, expectNoAxeViolations, sidewaysOverflow, test } from '../fixtures.js';

/**
 * The lists on a phone and on a laptop: Team's members and invites as a
 * table where there is room and as cards with an actions menu on a phone, with no sideways
 * scrolling, every action reachable from the keyboard, and no layout shift when a slow member
 * list arrives on a cold load.
 */

// A cold load of the console on a busy two-core machine, the server's first answers included,
// has taken over 20 s; each test below makes one or two.
test.describe.configure({ timeout: 90_000 });

const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };

/** The demo viewer, whose row every owner can act on. */
const VIEWER_EMAIL = 'viewer@acme.test';

/** The card or row of the members list that holds `text`, whichever the width shows. */
function memberEntry(page: Page, text: string): Locator {
  const members = page
    .getByRole('table', { name: 'Members' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Members' }).getByRole('listitem'));
  return members.filter({ hasText: text });
}

/** Presses Tab until `target` has focus, failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `Tab did not reach it in ${limit} presses`).toBeFocused();
}

/** Resolves once the page has laid out and painted. */
async function afterNextPaint(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

test.describe('Team on a phone (390 × 844)', () => {
  test.use({ viewport: phone });

  test('lists members as cards with no sideways scroll, and their actions in a keyboard menu', async ({
    pageAs,
  }) => {
    const page = await pageAs('owner@acme.test');
    await page.goto('/team');
    const viewer = memberEntry(page, VIEWER_EMAIL);
    await expect(viewer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pending invites' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const menuButton = viewer.getByRole('button', { name: /^Actions for / });
    const viewerName = ((await menuButton.getAttribute('aria-label')) ?? '').replace(
      'Actions for ',
      '',
    );
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');

    // From the list's heading, the keyboard reaches the viewer's menu button.
    await page.getByRole('heading', { name: 'Members' }).focus();
    await tabTo(page, menuButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${viewerName}` });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(
      menu.getByRole('menuitem', { name: `Change role of ${viewerName}` }),
    ).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: `Remove ${viewerName}` })).toBeFocused();
    // The menu fits on the screen.
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Choosing an item opens its dialog; closing it brings focus back to the menu button.
    await page.keyboard.press('Enter');
    await expect(
      menu.getByRole('menuitem', { name: `Change role of ${viewerName}` }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Change role of ${viewerName}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Space does the same, and its key-up on whatever has focus next activates nothing.
    await page.keyboard.press(' ');
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: `Remove ${viewerName}` })).toBeFocused();
    await page.keyboard.press(' ');
    const remove = page.getByRole('dialog', { name: `Remove ${viewerName}?` });
    await expect(remove).toBeVisible();
    await expect(menu).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(remove).toBeHidden();
    await expect(menuButton).toBeFocused();

    await expectNoAxeViolations(page, 'Team');
  });

  test('has no layout shift on a cold load while the members are slow to come', async ({
    pageAs,
  }) => {
    const page = await pageAs('owner@acme.test');
    expect(await teamColdLoadShift(page)).toBeLessThan(0.1);
  });
});

test.describe('Team on a laptop (1366 × 900)', () => {
  test.use({ viewport: laptop });

  test('lists members in a table with no sideways scroll, and their actions as buttons', async ({
    pageAs,
  }) => {
    const page = await pageAs('owner@acme.test');
    await page.goto('/team');
    const viewer = memberEntry(page, VIEWER_EMAIL);
    await expect(viewer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' }).first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const changeRole = viewer.getByRole('button', { name: /^Change role of / });
    const viewerName = ((await changeRole.getAttribute('aria-label')) ?? '').replace(
      'Change role of ',
      '',
    );
    await page.getByRole('heading', { name: 'Members' }).focus();
    await tabTo(page, changeRole);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Change role of ${viewerName}` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(changeRole).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(viewer.getByRole('button', { name: `Remove ${viewerName}` })).toBeFocused();

    await expectNoAxeViolations(page, 'Team');
  });

  test('has no layout shift on a cold load while the members are slow to come', async ({
    pageAs,
  }) => {
    const page = await pageAs('owner@acme.test');
    expect(await teamColdLoadShift(page)).toBeLessThan(0.1);
  });
});

test.describe("staff's lists on a phone", () => {
  test.use({ viewport: phone });

  test('Customers and the mailbox show cards with no sideways scroll', async ({ pageAs }) => {
    const page = await pageAs('staff@boon.test');
    // Every status: another test may approve Initech meanwhile, and Pending is the default filter.
    await page.goto('/admin/pending-customers?status=ALL');
    const initech = page
      .getByRole('list', { name: 'Pending customers' })
      .getByRole('listitem')
      .filter({ hasText: 'Initech' });
    await expect(initech).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/debug/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    // Other tests send mail meanwhile: either list is the screen.
    await expect(
      page
        .getByRole('list', { name: 'Mails' })
        .getByRole('listitem')
        .first()
        .or(page.getByText('No mail yet.')),
    ).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

/**
 * Opens /team in a new page (no cache, nothing loaded yet) with the member list held back until
 * its placeholders are on screen, lets it through, and returns the cumulative layout shift of the
 * whole load: the sum of every layout-shift entry without recent input, which is never less than
 * the CLS a browser reports (its largest session window).
 */
async function teamColdLoadShift(page: Page): Promise<number> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/customer-management/customer/*/users', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible({
    timeout: 30_000,
  });
  // The placeholders hold the list's place while the members are held back.
  await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
  await afterNextPaint(page);
  release();
  await expect(memberEntry(page, VIEWER_EMAIL)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending invites' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await afterNextPaint(page);

  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: number[] }).__layoutShifts,
  );
  const total = shifts.reduce((sum, value) => sum + value, 0);
  test.info().annotations.push({
    type: 'layout shift',
    description: `${total.toFixed(4)} at ${page.viewportSize()?.width} px`,
  });
  return total;
}
