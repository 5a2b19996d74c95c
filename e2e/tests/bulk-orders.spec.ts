import {
  expect,
  expectNoAxeViolations,
  narrowViewport,
  sidewaysOverflow,
  test,
} from '../fixtures.js';

/**
 * A bulk order from a spreadsheet through the real server, in the built console (its Web Worker
 * reads and checks the file): admin@acme.test chooses a 500-row CSV with seven kinds of problems
 * and a duplicate address, fixes them in the grid (one kind at once by find and replace, others
 * by keyboard, by one value for ticked rows, by deleting), pays, watches the rewards go out, finds
 * the bulk order in Order history and downloads its results. A viewer cannot reach /bulk and the
 * API refuses them.
 */

test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const address = (n: number) => `bulk.${run}.${n}@example.com`;

/**
 * 500 recipients of 10 USD at Acorn Books, with one kind of problem in each of these rows (by
 * recipient number; the spreadsheet row is one more, after the header).
 */
function spreadsheet(): Buffer {
  const lines = ['Recipient name,Recipient email,Amount,Currency,Merchant code,Delivery date'];
  for (let n = 1; n <= 500; n += 1) {
    let [name, email, amount, currency, merchant, date] = [
      `Recipient ${n}`,
      address(n),
      '10',
      '',
      'ACORN-BOOKS-US',
      '',
    ];
    // A merchant code mistyped in 30 rows: fixed by find and replace.
    if (n >= 32 && n % 16 === 0) merchant = 'ACORN-BOOK-US';
    // A value Acorn Books does not offer; an address without its domain: fixed by hand.
    if (n === 3) amount = '12';
    if (n === 5) email = `bulk.${run}.5@example`;
    // No name: given one for both rows at once.
    if (n === 7 || n === 8) name = '';
    // Not Acorn Books' currency, a date that is none, a merchant closed for now: deleted.
    if (n === 9 || n === 10) currency = 'EUR';
    if (n === 11) date = 'next week';
    if (n === 12 || n === 13) merchant = 'SKYLINE-TRAVEL-US';
    // The same person twice, on purpose.
    if (n === 21) email = address(20);
    lines.push([name, email, amount, currency, merchant, date].join(','));
  }
  return Buffer.from(lines.join('\r\n'));
}

test('500 rows with seven kinds of problems: fixed in the grid, paid, sent, found in history, results downloaded', async ({
  pageAs,
}) => {
  test.setTimeout(240_000);
  const admin = await pageAs('admin@acme.test');
  await admin.goto('/order/type');
  await admin.getByRole('link', { name: 'Send from a spreadsheet' }).click();
  await expect(admin).toHaveURL(/\/bulk\/create$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Bulk order' })).toBeVisible({
    timeout: 30_000,
  });
  await admin
    .locator('input[type="file"]')
    .setInputFiles({ name: 'thanks.csv', mimeType: 'text/csv', buffer: spreadsheet() });
  await expect(admin.getByRole('heading', { name: 'Columns of thanks.csv' })).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Column 2: Recipient email' })).toHaveValue(
    'email',
  );
  await admin.getByRole('button', { name: 'Check the rows' }).click();
  await expect(admin.getByText(/39 of 500 rows have problems/)).toBeVisible();
  await expectNoAxeViolations(admin, 'Bulk order: problems by row');

  await admin.getByRole('link', { name: 'Fix the rows' }).click();
  const grid = admin.getByRole('grid', { name: 'Rows of the spreadsheet' });
  const rowsStatus = admin.getByRole('status').filter({ hasText: /still|ready/ });
  const lastChange = admin.getByRole('status', { name: 'Last change' });
  const row = (line: number) =>
    grid
      .getByRole('row')
      .filter({ has: admin.getByRole('checkbox', { name: `Select row ${line}`, exact: true }) });
  await expect(rowsStatus).toHaveText('39 of 500 rows still have problems.');
  await expect(row(33).getByRole('gridcell').nth(4)).toHaveAccessibleDescription(
    'There is no merchant ACORN-BOOK-US in the network.',
  );
  await expect(row(22).getByRole('gridcell').nth(1)).toHaveAccessibleDescription(
    'Warning: The same address as row 21.',
  );
  await expectNoAxeViolations(admin, 'Bulk order: fix the rows');

  // One kind of problem, 30 rows, fixed at once in its column.
  await admin.getByRole('combobox', { name: 'Find in column' }).selectOption('Merchant code');
  await admin.getByRole('textbox', { name: 'Find' }).fill('ACORN-BOOK-US');
  await admin.getByRole('textbox', { name: /^Replace with/ }).fill('ACORN-BOOKS-US');
  await admin.getByRole('button', { name: 'Replace all' }).click();
  await expect(lastChange).toHaveText(
    'Replaced in 30 cells of Merchant code, and checked those rows again.',
  );
  await expect(rowsStatus).toHaveText('9 of 500 rows still have problems.');
  await expect(grid.getByRole('rowheader')).toHaveText([
    '4',
    '6',
    '8',
    '9',
    '10',
    '11',
    '12',
    '13',
    '14',
    '21',
    '22',
  ]);

  // By keyboard: Enter edits a cell, Enter saves it.
  await row(4).getByRole('gridcell').nth(2).click();
  await admin.keyboard.press('Enter');
  await admin.getByRole('textbox', { name: 'Amount, row 4' }).fill('10');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('ArrowDown');
  await admin.keyboard.press('ArrowLeft');
  await admin.keyboard.press('Enter');
  await admin.getByRole('textbox', { name: 'Recipient e-mail, row 6' }).fill(address(5));
  await admin.keyboard.press('Enter');
  await expect(rowsStatus).toHaveText('7 of 500 rows still have problems.');

  // The two rows without a name, ticked and given one.
  await admin.getByRole('checkbox', { name: 'Select row 8', exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Select row 9', exact: true }).check();
  await expect(admin.getByText('2 rows selected.')).toBeVisible();
  await admin.getByRole('combobox', { name: 'Set column' }).selectOption('Recipient name');
  await admin.getByRole('textbox', { name: /^Value/ }).fill('Friend of Acme');
  await admin.getByRole('button', { name: 'Set value' }).click();
  await expect(lastChange).toHaveText(
    'Set Recipient name in 2 cells, and checked those rows again.',
  );
  await expect(rowsStatus).toHaveText('5 of 500 rows still have problems.');

  // The rest are not to be sent: the rows with problems, all ticked and deleted.
  await admin.getByRole('combobox', { name: 'Show' }).selectOption('Rows with problems');
  await expect(grid.getByRole('rowheader')).toHaveText(['10', '11', '12', '13', '14']);
  await admin.getByRole('checkbox', { name: 'Select all 5 listed rows' }).check();
  await admin.getByRole('button', { name: 'Delete selected rows' }).click();
  await expect(lastChange).toHaveText('Deleted 5 rows.');
  await expect(rowsStatus).toHaveText(
    'No row has a problem; 2 rows with a duplicate address still to accept or change.',
  );
  await expect(admin.getByRole('link', { name: 'Continue to payment' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Send to duplicates anyway' }).click();
  await expect(rowsStatus).toHaveText('Every row is ready: 495 rows.');
  await expectNoAxeViolations(admin, 'Bulk order: rows fixed');
  await admin.getByRole('link', { name: 'Continue to payment' }).click();

  const usd = admin.getByRole('region', { name: 'USD: 495 rewards in 3 orders' });
  // 495 × 10 USD, 3 % off.
  await expect(usd).toContainText('Total$4,801.50');
  await admin.getByRole('button', { name: 'Pay $4,801.50 and send' }).click();

  await expect(admin).toHaveURL(/\/bulk\/progress\/BB-/);
  const batchId = /\/bulk\/progress\/(BB-[A-Z0-9]+)/.exec(admin.url())?.[1] ?? '';
  await expect(admin.getByRole('heading', { level: 1, name: 'Bulk order sent' })).toBeVisible({
    timeout: 150_000,
  });
  await expect(admin.getByText('All done: 495 sent, 0 failed.')).toBeVisible();
  await expect(admin.getByRole('link', { name: /^OR-/ })).toHaveCount(3);
  await expectNoAxeViolations(admin, 'Bulk order: sent');

  // In Order history: the batch's orders carry it; its link lists them alone.
  await admin.getByRole('link', { name: 'Go to Order history' }).click();
  const orders = admin.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: batchId, exact: true })).toHaveCount(3);
  // Stacked rows of one bulk order, two small links each: every one still a 24 px target.
  await expectNoAxeViolations(admin, 'Order history with bulk orders');
  await orders
    .getByRole('link', { name: `Only its orders, bulk order ${batchId}` })
    .first()
    .click();
  await expect(admin).toHaveURL(new RegExp(`/orders\\?batchId=${batchId}$`));
  await expect(admin.getByText(`The orders of bulk order ${batchId}.`)).toBeVisible();
  await expect(orders.getByRole('link', { name: /^OR-/ })).toHaveCount(3);
  await expect(orders).toContainText('Bulk order: thanks.csv');
  await expectNoAxeViolations(admin, 'Order history: one bulk order');
  await admin.getByRole('link', { name: 'Its progress and results' }).click();
  await expect(admin).toHaveURL(new RegExp(`/bulk/progress/${batchId}$`));

  // The results: each row with its order and where its reward and e-mail are.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download the results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${batchId}-results.csv`);
  const results = (await (await download.createReadStream()).toArray()).join('');
  const lines = results
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(496);
  expect(lines[0]).toBe(
    'Row,Recipient name,Recipient e-mail,Merchant code,Currency,Value,Order,Reward status,E-mail status,Reason',
  );
  const sent = (n: number, name: string, email: string) =>
    new RegExp(
      `^${n},${name},${email.replace(/\./g, '\\.')},ACORN-BOOKS-US,USD,10\\.00,OR-[A-Z0-9]+,SENT,email-(sent|queued),$`,
    );
  expect(lines[1]).toMatch(sent(1, 'Recipient 1', address(1)));
  // Fixed by hand, by one value, and by find and replace; rows 10 to 14 were deleted.
  expect(lines[3]).toMatch(sent(3, 'Recipient 3', address(3)));
  expect(lines[5]).toMatch(sent(5, 'Recipient 5', address(5)));
  expect(lines[7]).toMatch(sent(7, 'Friend of Acme', address(7)));
  expect(lines[9]).toMatch(sent(9, 'Recipient 14', address(14)));
  expect(lines.filter((line) => line.includes(`,${address(20)},`))).toHaveLength(2);
  expect(lines[27]).toMatch(sent(27, 'Recipient 32', address(32)));
});

test('on a phone, the rows to fix are cards with no sideways scroll, and still edited by keyboard', async ({
  pageAs,
}) => {
  const admin = await pageAs('admin@acme.test');
  await admin.setViewportSize(narrowViewport);
  await admin.goto('/bulk/create');
  await expect(admin.getByRole('heading', { level: 1, name: 'Bulk order' })).toBeVisible({
    timeout: 30_000,
  });
  const csv = [
    'Recipient name,Recipient email,Amount,Merchant code',
    `Ada,${address(901)},10,ACORN-BOOKS-US`,
    `Alan,${address(902)},12,ACORN-BOOKS-US`,
  ].join('\r\n');
  await admin
    .locator('input[type="file"]')
    .setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await admin.getByRole('button', { name: 'Check the rows' }).click();
  await admin.getByRole('link', { name: 'Fix the rows' }).click();

  const grid = admin.getByRole('grid', { name: 'Rows of the spreadsheet' });
  const card = grid
    .getByRole('row')
    .filter({ has: admin.getByRole('checkbox', { name: 'Select row 3', exact: true }) });
  const amount = card.getByRole('gridcell').filter({ hasText: 'Amount' });
  // A card: the row, then each field under its own label, the problem at its field.
  await expect(card.getByRole('rowheader')).toHaveText('Row 3');
  await expect(amount).toContainText('Amount');
  await expect(amount).toHaveAccessibleDescription(/^Acorn Books offers/);
  const cardBox = await card.boundingBox();
  const amountBox = await amount.boundingBox();
  expect(amountBox!.width).toBeGreaterThan(cardBox!.width - 8);
  expect(await sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
  expect(await grid.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await expectNoAxeViolations(admin, 'Bulk order: fix the rows, as cards');

  await amount.click();
  await admin.keyboard.press('Enter');
  await admin.getByRole('textbox', { name: 'Amount, row 3' }).fill('10');
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('status').filter({ hasText: /still|ready/ })).toHaveText(
    'Every row is ready: 2 rows.',
  );
  await expect(amount).toBeFocused();
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

test('CAD rewards paid from the USD balance with Boon FX: the rate before paying, and on the order', async ({
  pageAs,
}) => {
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/bulk/create');
  await expect(owner.getByRole('heading', { level: 1, name: 'Bulk order' })).toBeVisible({
    timeout: 30_000,
  });
  const csv = [
    'Recipient name,Recipient email,Amount,Merchant code',
    `Ada,${address(951)},10,NORTHWIND-COFFEE-CA`,
    `Alan,${address(952)},10,NORTHWIND-COFFEE-CA`,
    `Grace,${address(953)},10,ACORN-BOOKS-US`,
  ].join('\r\n');
  await owner
    .locator('input[type="file"]')
    .setInputFiles({ name: 'canada.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await owner.getByRole('button', { name: 'Check the rows' }).click();
  // Acme holds no CAD balance, and has Boon FX: the CAD rows are fine, paid from another balance.
  await expect(owner.getByText('All 3 rows are ready.')).toBeVisible();
  await owner.getByRole('link', { name: 'Continue to payment' }).click();

  await owner.getByRole('combobox', { name: 'Pay for the CAD rewards from' }).selectOption('USD');
  // 10 CAD at Acme's 0.97 is 9.70 CAD: 7.04 USD exchanged and a 0.02 USD fee, twice.
  const cad = owner.getByRole('region', { name: 'CAD: 2 rewards in 1 order' });
  await expect(cad).toContainText('1 USD = 1.378075 CAD');
  await expect(cad).toContainText('Taken from your USD balance$14.12 USD');
  await expect(owner.getByRole('region', { name: 'Your USD balance' })).toContainText(
    'This bulk order takes$23.82',
  );
  await expectNoAxeViolations(owner, 'Bulk order: payment with Boon FX');
  await owner.getByRole('button', { name: 'Pay $23.82 USD and send' }).click();
  await expect(
    owner.getByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ }),
  ).toBeVisible();

  // The CAD order says what the USD balance paid for it.
  await owner
    .getByRole('listitem')
    .filter({ hasText: '2 rewards, CAD' })
    .getByRole('link', { name: /^OR-/ })
    .click();
  await expect(owner.getByText('1 USD = 1.378075 CAD')).toBeVisible({ timeout: 30_000 });
});
