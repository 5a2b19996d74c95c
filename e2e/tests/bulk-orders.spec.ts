import { expect, expectNoAxeViolations, test } from '../fixtures.js';

/**
 * A bulk order from a spreadsheet through the real server, in the built console (its
 * Web Worker reads and checks the file): owner@acme.test chooses a CSV with problems, sees them by
 * row, chooses the corrected file, pays and watches the rewards go out; a viewer cannot reach
 * /bulk and the API refuses them.
 */

test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function csv(lines: string[]) {
  return Buffer.from(lines.join('\r\n'));
}

test('210 rewards from a CSV: problems by row, then paid as two orders and sent', async ({
  pageAs,
}) => {
  test.setTimeout(180_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/order/type');
  await owner.getByRole('link', { name: 'Send from a spreadsheet' }).click();
  await expect(owner).toHaveURL(/\/bulk\/create$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Bulk order' })).toBeVisible({
    timeout: 30_000,
  });
  const input = owner.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'thanks.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'Recipient name,Recipient email,Amount,Merchant code',
      `Ada Lovelace,ada.${run}@example.com,10,ACORN-BOOKS-US`,
      `Alan Turing,alan.${run}@example.com,12,ACORN-BOOKS-US`,
      `Grace Hopper,grace.${run}@example,10,ACORN-BOOKS-US`,
    ]),
  });
  await expect(owner.getByRole('heading', { name: 'Columns of thanks.csv' })).toBeVisible();
  await expect(owner.getByRole('combobox', { name: 'Column 2: Recipient email' })).toHaveValue(
    'email',
  );
  await owner.getByRole('button', { name: 'Check the rows' }).click();
  await expect(owner.getByText(/2 of 3 rows have problems/)).toBeVisible();
  const problems = owner.getByRole('table', { name: 'Problems to fix' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems).toContainText('Acorn Books offers');
  await expectNoAxeViolations(owner, 'Bulk order: problems by row');

  // Fixed in the grid, by keyboard: each problem at its cell, a fixed row checked again at once.
  await owner.getByRole('link', { name: 'Fix the rows' }).click();
  const grid = owner.getByRole('grid', { name: 'Rows of the spreadsheet' });
  await expect(grid.getByRole('rowheader')).toHaveText(['3', '4']);
  await expectNoAxeViolations(owner, 'Bulk order: fix the rows');
  await grid.getByRole('gridcell').first().click();
  await owner.keyboard.press('ArrowRight');
  await owner.keyboard.press('ArrowRight');
  await owner.keyboard.press('Enter');
  await owner.getByRole('textbox', { name: 'Amount, row 3' }).fill('25');
  await owner.keyboard.press('Enter');
  await owner.keyboard.press('ArrowDown');
  await owner.keyboard.press('ArrowLeft');
  await owner.keyboard.press('Enter');
  await owner
    .getByRole('textbox', { name: 'Recipient e-mail, row 4' })
    .fill(`grace.${run}@example.com`);
  await owner.keyboard.press('Escape');
  await expect(owner.getByRole('status').filter({ hasText: 'still have problems' })).toHaveText(
    '1 of 3 rows still have problems.',
  );
  await owner.keyboard.press('Enter');
  await owner
    .getByRole('textbox', { name: 'Recipient e-mail, row 4' })
    .fill(`grace.${run}@example.com`);
  await owner.keyboard.press('Enter');
  await expect(owner.getByText('Every row is ready: 3 rows.')).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Continue to payment' })).toBeVisible();
  await owner.getByRole('link', { name: 'Back to the spreadsheet' }).click();

  await input.setInputFiles({
    name: 'thanks-fixed.csv',
    mimeType: 'text/csv',
    buffer: csv([
      'Recipient name,Recipient email,Amount,Merchant code',
      ...Array.from(
        { length: 210 },
        (_, n) => `Recipient ${n + 1},bulk.${run}.${n + 1}@example.com,10,ACORN-BOOKS-US`,
      ),
    ]),
  });
  await expect(owner.getByRole('heading', { name: 'Columns of thanks-fixed.csv' })).toBeVisible();
  await owner.getByRole('button', { name: 'Check the rows' }).click();
  await expect(owner.getByText('All 210 rows are ready.')).toBeVisible();
  await owner.getByRole('link', { name: 'Continue to payment' }).click();

  const usd = owner.getByRole('region', { name: 'USD: 210 rewards in 2 orders' });
  // 210 × 10 USD, 3 % off.
  await expect(usd).toContainText('Total$2,037.00');
  await expectNoAxeViolations(owner, 'Bulk order: payment');
  await owner.getByRole('button', { name: 'Pay $2,037.00 and send' }).click();

  await expect(owner).toHaveURL(/\/bulk\/progress\/BB-/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Bulk order sent' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(owner.getByText('All done: 210 sent, 0 failed.')).toBeVisible();
  await expect(owner.getByRole('link', { name: /^OR-/ })).toHaveCount(2);
  await expectNoAxeViolations(owner, 'Bulk order: sent');

  // The results: each row with its order and where its reward and e-mail are.
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download the results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^BB-[A-Z0-9]+-results\.csv$/);
  const results = (await (await download.createReadStream()).toArray()).join('');
  const lines = results
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(211);
  expect(lines[0]).toBe(
    'Row,Recipient name,Recipient e-mail,Merchant code,Currency,Value,Order,Reward status,E-mail status,Reason',
  );
  expect(lines[1]).toMatch(
    new RegExp(
      `^1,Recipient 1,bulk\\.${run}\\.1@example\\.com,ACORN-BOOKS-US,USD,10\\.00,OR-[A-Z0-9]+,SENT,email-(sent|queued),$`,
    ),
  );
});

test('a viewer cannot reach /bulk, and the API refuses their bulk order', async ({ pageAs }) => {
  const viewer = await pageAs('viewer@acme.test');
  await viewer.goto('/bulk/create');
  await expect(viewer).toHaveURL(/\/$/, { timeout: 30_000 });
  const status = await viewer.evaluate(async () => {
    const stored = Object.entries(localStorage).find(([key]) => key.startsWith('oidc.user:'));
    const token = stored ? (JSON.parse(stored[1]) as { access_token: string }).access_token : '';
    const response = await fetch('/api/ordering/bulk-orders', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-customer-id': 'C-ACME0001',
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ rowCount: 1, chunkCount: 1 }),
    });
    return response.status;
  });
  expect(status).toBe(403);
});
