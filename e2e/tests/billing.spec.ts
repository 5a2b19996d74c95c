import type { Download, Page } from '@playwright/test';

import { expect, expectNoAxeViolations, sidewaysOverflow, test } from '../fixtures.js';

/**
 * Balances and bank top-ups against the real server:
 * owner@acme.test asks to add 500 USD by bank transfer, staff@boon.test records the money, the
 * balance rises by exactly that and the owner's mail is in the outbox.
 */

function balanceCard(page: Page, code: string) {
  return page
    .getByRole('list', { name: 'Balances', exact: true })
    .getByRole('listitem', { name: new RegExp(code) });
}

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The USD balance as the card shows it, in cents. Only this file's bank test moves USD (the FX
 * test sells GBP), so the two can run side by side.
 */
async function usdCents(page: Page): Promise<bigint> {
  const text = await balanceCard(page, 'USD')
    .getByText(/^\$[\d,]+\.\d{2}$/)
    .innerText();
  return BigInt(text.replace(/[$,.]/g, ''));
}

test('the owner adds 500 USD by bank transfer; staff record it; the balance rises and the owner is mailed', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/');
  const nav = owner.getByRole('navigation', { name: 'Main' });
  const balancesLink = nav.getByRole('link', { name: 'Balances' });
  if (!(await balancesLink.isVisible())) {
    await nav.getByRole('button', { name: 'Billing & Finance' }).click();
  }
  await balancesLink.click();
  await expect(owner).toHaveURL(/\/billing$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Balances' })).toBeVisible();
  await expect(balanceCard(owner, 'USD')).toBeVisible({ timeout: 30_000 });
  await expect(balanceCard(owner, 'EUR')).toBeVisible();
  const before = await usdCents(owner);
  await expectNoAxeViolations(owner, 'Balances');

  await owner.getByRole('link', { name: 'Add funds' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Add funds' })).toBeVisible();
  await expectNoAxeViolations(owner, 'Add funds');
  await owner.getByRole('link', { name: /Bank transfer/ }).click();
  await expect(
    owner.getByRole('heading', { level: 1, name: 'Add funds by bank transfer' }),
  ).toBeVisible();
  await owner.getByRole('combobox', { name: /Balance/ }).selectOption('USD');
  await owner.getByRole('textbox', { name: /Amount you will send/ }).fill('500');
  await expectNoAxeViolations(owner, 'Bank transfer');
  const created = owner.waitForResponse(
    (response) =>
      response.url().endsWith('/api/billing/top-ups') && response.request().method() === 'POST',
  );
  await owner.getByRole('button', { name: 'Continue' }).click();
  expect((await created).status()).toBe(201);
  await expect(owner.getByRole('heading', { level: 1, name: 'Your bank details' })).toBeVisible();
  const reference = (
    await owner
      .getByText(/^TU-[A-Z0-9]{10}$/)
      .first()
      .innerText()
  ).trim();
  const instructions = owner.getByRole('region', { name: 'Pay this account' });
  await expect(instructions).toContainText('ACH routing number');
  await expect(instructions).toContainText('$500.00');
  await expectNoAxeViolations(owner, 'Bank details');

  // Nothing is credited before the money arrives; the top-up waits on Balances.
  await owner.getByRole('link', { name: 'Back to balances' }).click();
  const topUps = owner.getByRole('region', { name: 'Top-ups' });
  await expect(topUps.getByRole('row').filter({ hasText: reference })).toContainText(
    'Waiting for your payment',
  );
  expect(await usdCents(owner)).toBe(before);

  // Staff find it among the bank transfers waiting for money and record what arrived.
  const staff = await pageAs('staff@boon.test');
  await staff.goto('/');
  await staff
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Bank transfers' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Bank transfers' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Acme Rewards Ltd');
  await expectNoAxeViolations(staff, 'Bank transfers');
  await row.getByRole('button', { name: `Record received: ${reference}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Record ${reference} as received` });
  await expect(dialog.getByRole('textbox', { name: /Amount received \(USD\)/ })).toHaveValue(
    '500.00',
  );
  await dialog.getByRole('button', { name: 'Record as received' }).click();
  await expect(
    staff.getByText(`$500.00 added to Acme Rewards Ltd's balance (${reference}).`),
  ).toBeVisible();

  // The owner's balance rose by exactly 500 USD, and the top-up says so.
  await owner.reload();
  await expect(topUps.getByRole('row').filter({ hasText: reference })).toContainText(
    'Added to your balance',
  );
  expect(await usdCents(owner)).toBe(before + 50_000n);
  await topUps.getByRole('link', { name: reference }).click();
  await expect(owner.getByText('Added to your balance')).toBeVisible();
  await expectNoAxeViolations(owner, 'Top-up');

  // The money's arrival is a transaction, and the CSV of the USD ones carries it.
  await owner.goto('/transactions?currency=USD');
  await expect(owner.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible();
  const movement = owner.getByRole('row').filter({ hasText: reference });
  await expect(movement).toContainText('Top-up · Bank transfer');
  await expect(movement).toContainText('+$500.00');
  await expectNoAxeViolations(owner, 'All transactions');
  const downloading = owner.waitForEvent('download');
  await owner.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-C-ACME0001-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readDownload(download);
  expect(csv.split('\r\n')[0]).toBe(
    'Date (UTC),Transaction ID,Type,Subtype,Order source,Direction,Currency,Amount,Balance after,Reference',
  );
  expect(csv).toContain(`top-up:${reference},TOP_UP,BANK_TRANSFER,,CREDIT,USD,500.00,`);

  // The month's USD statement closes at the new balance, and its CSV lists the movement.
  await owner.goto('/statements');
  await expect(owner.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  const month = new Date().toLocaleString('en', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const statement = owner.getByRole('row').filter({ hasText: month }).filter({ hasText: 'USD' });
  const after = before + 50_000n;
  const closing = `$${(after / 100n).toLocaleString('en')}.${String(after % 100n).padStart(2, '0')}`;
  await expect(statement).toContainText(closing);
  await expectNoAxeViolations(owner, 'Statements');
  const statementDownload = owner.waitForEvent('download');
  await statement.getByRole('button', { name: /^Download CSV of the .* USD statement$/ }).click();
  const statementCsv = await readDownload(await statementDownload);
  expect(statementCsv).toContain(`top-up:${reference},TOP_UP,BANK_TRANSFER,,CREDIT,500.00,`);
  expect(statementCsv).toContain(`,Closing balance,,,,,${closing.replace(/[$,]/g, '')},`);

  // The mail is in the outbox.
  await staff.goto('/debug/mailbox?to=owner@acme.test');
  await expect(staff.getByText('500.00 USD added to your balance').first()).toBeVisible();
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Balances and the bank transfer form fit without sideways scroll and pass axe', async ({
    pageAs,
  }) => {
    const page = await pageAs('finance@acme.test');
    await page.goto('/billing');
    // A cold first visit of the phone context: sign-in, session and the app's chunk.
    await expect(balanceCard(page, 'GBP')).toBeVisible({ timeout: 30_000 });
    // Finance may read balances but not top up by bank (decisions.md).
    await expect(page.getByRole('link', { name: 'Add funds' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'Balances on a phone');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    const admin = await pageAs('admin@acme.test');
    await admin.goto('/billing/add-funds/bank-transfer');
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Add funds by bank transfer' }),
    ).toBeVisible();
    await expectNoAxeViolations(admin, 'Bank transfer on a phone');
    await admin.goto('/billing/add-funds/card-top-up');
    await expect(admin.getByRole('heading', { level: 1, name: 'Add funds by card' })).toBeVisible();
    await expect(
      admin.frameLocator('iframe[title="Card details"]').getByLabel('Card number'),
    ).toBeVisible();
    await expectNoAxeViolations(admin, 'Card payment on a phone');
    expect(await sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
    await admin.goto('/billing/balance-notifications');
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Low-balance notifications' }),
    ).toBeVisible();
    await expect(admin.getByRole('textbox', { name: /^USD/ })).toBeVisible();
    await expectNoAxeViolations(admin, 'Low-balance notifications on a phone');
  });
});

test('finance exchanges 200 GBP to EUR with Boon FX; both sides show in transactions', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const page = await pageAs('finance@acme.test');
  await page.goto('/billing');
  await expect(balanceCard(page, 'GBP')).toBeVisible({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Boon FX' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boon FX' })).toBeVisible();
  await page.getByRole('combobox', { name: /You sell/ }).selectOption('GBP');
  await page.getByRole('combobox', { name: /You get/ }).selectOption('EUR');
  await page.getByRole('textbox', { name: /Amount to sell/ }).fill('200');
  await page.getByRole('button', { name: 'Get a quote' }).click();
  const quote = page.getByRole('region', { name: 'Your quote' });
  await expect(quote).toContainText('£200.00');
  await expectNoAxeViolations(page, 'Boon FX with a quote');
  const made = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/billing/trades') && response.request().method() === 'POST',
  );
  await quote.getByRole('button', { name: 'Exchange' }).click();
  const trade = (await (await made).json()) as { tradeId: string; quote: { buyAmount: string } };
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your exchange is done' }),
  ).toBeVisible();
  await expect(page.getByText('Successful')).toBeVisible();
  await expectNoAxeViolations(page, 'the done exchange');

  await page.goto(`/transactions?search=${trade.tradeId}`);
  const rows = page.getByRole('row').filter({ hasText: trade.tradeId });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Exchanged out' })).toContainText('−£199.50');
  await expect(rows.filter({ hasText: 'Exchange fee' })).toContainText('−£0.50');
  await expect(rows.filter({ hasText: 'Exchanged in' })).toContainText(
    `+€${trade.quote.buyAmount}`,
  );
});

test('the admin adds 500 GBP by card through 3-D Secure; the payment and its fee show in transactions and the statement', async ({
  pageAs,
}) => {
  test.setTimeout(120_000);
  const admin = await pageAs('admin@acme.test');
  await admin.goto('/billing/add-funds');
  await expect(admin.getByRole('heading', { level: 1, name: 'Add funds' })).toBeVisible({
    timeout: 30_000,
  });
  await admin.getByRole('link', { name: /Card payment/ }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Add funds by card' })).toBeVisible();
  await admin.getByRole('combobox', { name: /Balance/ }).selectOption('GBP');
  await admin.getByRole('textbox', { name: /Amount to add/ }).fill('500');
  const card = admin.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Card number').fill('4000 0027 6000 3184');
  await card.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await card.getByLabel('Security code').fill('123');
  const charge = admin.getByRole('region', { name: 'What you pay' });
  await expect(charge).toContainText('£12.50');
  await expect(charge).toContainText('£512.50');
  await expectNoAxeViolations(admin, 'Card payment');

  await admin.getByRole('button', { name: 'Pay £512.50' }).click();
  const bank = admin.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  const challenge = bank.frameLocator('iframe');
  await expect(challenge.getByText('£512.50')).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(admin.getByRole('heading', { level: 1, name: 'Funds added' })).toBeVisible();
  await expect(admin.getByText('Visa ending 3184')).toBeVisible();
  await expect(admin.getByText('Added to your balance')).toBeVisible();
  const reference = (
    await admin
      .getByText(/^TU-[A-Z0-9]{10}$/)
      .first()
      .innerText()
  ).trim();
  await expectNoAxeViolations(admin, 'Funds added');

  await admin.goto(`/transactions?search=${reference}`);
  const rows = admin.getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Top-up · Card payment' })).toContainText('+£512.50');
  await expect(rows.filter({ hasText: 'Card payment fee' })).toContainText('−£12.50');

  await admin.goto('/statements');
  const month = new Date().toLocaleString('en', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const statement = admin.getByRole('row').filter({ hasText: month }).filter({ hasText: 'GBP' });
  const statementDownload = admin.waitForEvent('download');
  await statement.getByRole('button', { name: /^Download CSV of the .* GBP statement$/ }).click();
  const statementCsv = await readDownload(await statementDownload);
  expect(statementCsv).toContain(`top-up:${reference},TOP_UP,CARD_PAYMENT,,CREDIT,512.50,`);
  expect(statementCsv).toContain(`top-up:${reference}:fee,FEES,CARD_PAYMENT_FEE,,DEBIT,12.50,`);

  // Afterwards the ledger's own checks (npm run ledger:verify's) find no mismatch.
  const staff = await pageAs('staff@boon.test');
  await staff.goto('/admin/top-ups');
  await staff.getByRole('button', { name: 'Check the ledger' }).click();
  await expect(staff.getByText(/^All \d+ checks hold: no mismatch\.$/)).toBeVisible();
  await expectNoAxeViolations(staff, 'Bank transfers with the ledger check');
});

test('the owner stores a card, sees it listed, and removes it', async ({ pageAs }) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/payment-methods/add');
  await expect(owner).toHaveURL(/\/stored-cards\/add$/, { timeout: 30_000 });
  await expect(owner.getByRole('heading', { level: 1, name: 'Add a card' })).toBeVisible();
  const card = owner.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Card number').fill('5555 5555 5555 4444');
  await card.getByLabel('Expiry date (MM/YY)').fill('08/33');
  await card.getByLabel('Security code').fill('321');
  await expectNoAxeViolations(owner, 'Add a card');
  await owner.getByRole('button', { name: 'Save card' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Card saved' })).toBeVisible();
  await expect(owner.getByText(/Mastercard ending 4444, expires 08\/33 is stored/)).toBeVisible();
  await expectNoAxeViolations(owner, 'Card saved');

  await owner.getByRole('link', { name: 'Back to stored cards' }).click();
  const list = owner.getByRole('list', { name: 'Stored cards' });
  await expect(list).toContainText('Mastercard ending 4444');
  await expectNoAxeViolations(owner, 'Stored cards');
  await list.getByRole('button', { name: 'Remove Mastercard ending 4444' }).first().click();
  const dialog = owner.getByRole('dialog', { name: 'Remove Mastercard ending 4444?' });
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(owner.getByText('Mastercard ending 4444 removed.')).toBeAttached();
});

test('the owner sets a low-balance threshold; Balances marks the balance low; both widths pass axe', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/billing');
  await expect(balanceCard(owner, 'EUR')).toBeVisible({ timeout: 30_000 });
  await owner.getByRole('link', { name: 'Low-balance notifications' }).click();
  await expect(
    owner.getByRole('heading', { level: 1, name: 'Low-balance notifications' }),
  ).toBeVisible();
  await owner.getByRole('textbox', { name: /^EUR/ }).fill('1000000');
  await owner.getByRole('textbox', { name: /Addresses to notify/ }).fill('owner@acme.test');
  await owner.getByRole('button', { name: 'Save notifications' }).click();
  await expect(owner.getByText(/^Saved\. We will e-mail 1 address/)).toBeVisible();
  await expectNoAxeViolations(owner, 'Low-balance notifications');
  await owner.getByRole('link', { name: 'Back to balances' }).click();
  await expect(balanceCard(owner, 'EUR')).toContainText('Low balance');
  await expect(balanceCard(owner, 'EUR')).toContainText('Under your €1,000,000.00 threshold');
  await expect(balanceCard(owner, 'GBP')).not.toContainText('Low balance');
  // Put it back, so the demo data reads as it did.
  await owner.goto('/billing/balance-notifications');
  await owner.getByRole('textbox', { name: /^EUR/ }).fill('');
  await owner.getByRole('button', { name: 'Save notifications' }).click();
  await expect(owner.getByText(/^Saved\./)).toBeVisible();
});
