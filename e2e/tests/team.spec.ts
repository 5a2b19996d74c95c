import { randomUUID } from 'node:crypto';

import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, test } from '../fixtures.js';

/** Team (/team, /team/invite, /team/invite-sent) against the real server. */

function members(page: Page) {
  return page.getByRole('table', { name: 'Members' });
}

function invites(page: Page) {
  return page.getByRole('table', { name: 'Pending invites' });
}

async function openTeam(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(members(page).getByRole('row').filter({ hasText: 'owner@acme.test' })).toBeVisible();
}

test('the owner invites a new team member as Admin, sees the invite pending and revokes it', async ({
  pageAs,
}) => {
  const email = `newbie-${randomUUID().slice(0, 8)}@acme.test`;
  const page = await pageAs('owner@acme.test');
  await page.goto('/');
  await openTeam(page);

  const ownerRow = members(page).getByRole('row').filter({ hasText: 'owner@acme.test' });
  await expect(ownerRow).toContainText('Owner');
  await expect(ownerRow).toContainText('(you)');
  await expect(ownerRow.getByRole('button')).toHaveCount(0);
  const viewerRow = members(page).getByRole('row').filter({ hasText: 'viewer@acme.test' });
  await expect(viewerRow).toContainText('Viewer');
  await expect(viewerRow.getByRole('button', { name: /^Change role of/ })).toBeVisible();
  await expect(viewerRow.getByRole('button', { name: /^Remove/ })).toBeVisible();
  await expect(
    members(page).getByRole('row').filter({ hasText: 'unverified@acme.test' }),
  ).toContainText('Unverified');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Invite team member' }).click();
  await expect(page).toHaveURL(/\/team\/invite$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite team member' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Admin:/ })).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: /E-mail address/ }).fill(email);
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/customer-management/user/invite') &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send invite' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page).toHaveURL(/\/team\/invite-sent\?email=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite sent' })).toBeVisible();
  await expect(page.getByText(`We sent an invite to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The same address again is refused on the form.
  await page.getByRole('link', { name: 'Invite another' }).click();
  await page.getByRole('textbox', { name: /E-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('User already invited')).toBeVisible();
  // A member's address: the error names the person and the company, and says what to do.
  await page.getByRole('textbox', { name: /E-mail address/ }).fill('viewer@acme.test');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(
    page.getByText(
      /^.+ is already a member of Acme Rewards Ltd\. Change their role on Team instead\.$/,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();

  const row = invites(page).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Admin');
  await row.getByRole('button', { name: `Revoke the invite to ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the invite to ${email}?` });
  await expect(dialog).toBeVisible();
  const revoked = page.waitForResponse(
    (response) =>
      response.url().includes('/api/customer-management/user/invite?') &&
      response.request().method() === 'DELETE',
  );
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  expect((await revoked).status()).toBe(204);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The invite to ${email} was revoked.`)).toBeVisible();
  await expect(invites(page).getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('a viewer sees the team without any action', async ({ pageAs }) => {
  const page = await pageAs('viewer@acme.test');
  await page.goto('/');
  await openTeam(page);

  await expect(
    members(page).getByRole('row').filter({ hasText: 'viewer@acme.test' }),
  ).toContainText('(you)');
  await expect(page.getByRole('link', { name: 'Invite team member' })).toHaveCount(0);
  await expect(
    page.getByRole('main').getByRole('button', { name: /Change role|Remove|Resend|Revoke/ }),
  ).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  // The roles matrix is for everyone who sees the team.
  await page.getByRole('button', { name: 'What can each role do?' }).click();
  const drawer = page.getByRole('dialog', { name: 'What can each role do?' });
  await expect(drawer.getByRole('table', { name: 'Permissions of each role' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Typing the invite address does not get past the guard.
  await page.goto('/team/invite');
  await expect(page).toHaveURL(/\/$/);
});
