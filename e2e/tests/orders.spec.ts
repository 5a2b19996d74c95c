import type { Page } from '@playwright/test';

import { expect, expectNoAxeViolations, linkFromInbox, test } from '../fixtures.js';

/**
 * Ordering against the real ordering and catalog services, the worker and the sandbox
 * supplier: owner@acme.test orders e-mail and link rewards through the console, the recipients'
 * mails reach their inboxes, a recipient claims a link on the server-rendered page, and the order
 * shows in Order history and its money in All transactions.
 *
 * Other tests move Acme's USD balance meanwhile (billing.spec.ts adds 500 USD), so nothing here
 * reads an absolute balance: the estimate's "after" is checked against its own "available", and
 * the ledger's rows are found by this test's order ids.
 */

// A step that cannot happen fails at that step, not when the test's whole budget is spent.
test.use({ actionTimeout: 15_000 });

/** Distinct per run and per test, so a mail found in the inbox is this test's. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The balance's "Available now" and "After this order", in cents, from the payment step. */
async function balanceAmounts(page: Page): Promise<{ available: number; after: number }> {
  const region = page.getByRole('region', { name: /^Paid from your USD balance$/ });
  const cents = async (label: string) => {
    const text = await region
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd')
      .innerText();
    return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  };
  return { available: await cents('Available now'), after: await cents('After this order') };
}

/** Chooses one merchant in the brands overlay, found by its search. */
async function chooseMerchant(page: Page, name: string) {
  await page.getByRole('link', { name: 'Choose a merchant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose merchants' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Search merchants' }).fill(name);
  const merchant = dialog.getByRole('checkbox', { name, exact: true });
  await expect(merchant).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('list', { name: 'Merchants' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await merchant.check();
  await expect(dialog.getByRole('status')).toHaveText(`1 chosen: ${name}.`);
  return dialog;
}

function orderIdOf(page: Page): string {
  const id = /\/order\/complete\/([^/?#]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`not on an order's complete page: ${page.url()}`);
  return decodeURIComponent(id);
}

test.describe('the owner orders rewards and a recipient claims one', () => {
  // The recipient claims one of the links the second test ordered.
  test.describe.configure({ mode: 'serial' });
  let linkOrderId = '';
  let linkUrl = '';

  test('two $25 e-mail rewards at Northwind Coffee US: 3% off, mailed to both recipients', async ({
    pageAs,
  }) => {
    test.setTimeout(180_000);
    const recipients = [
      { name: 'Ada Lovelace', email: `ada.${run}@example.com` },
      { name: 'Alan Turing', email: `alan.${run}@example.com` },
    ];
    const owner = await pageAs('owner@acme.test');
    await owner.goto('/orders');
    await expect(owner.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible({
      timeout: 30_000,
    });
    // The sidebar's "create new reward" and Order history's lead to the same place.
    await expect(owner.getByRole('link', { name: 'Create new reward' })).toHaveCount(2);
    await owner.getByRole('main').getByRole('link', { name: 'Create new reward' }).click();
    await expect(owner).toHaveURL(/\/order\/type$/);
    await expect(
      owner.getByRole('heading', { level: 1, name: 'Create a new reward' }),
    ).toBeVisible();
    // The order's pages hide the sidebar (spec 2.4).
    await expect(mainNav(owner)).toHaveCount(0);
    await expectNoAxeViolations(owner, 'Order type selection');

    await owner.getByRole('link', { name: /^Send by e-mail/ }).click();
    await expect(owner).toHaveURL(/\/order\/create\?deliveryType=email$/);
    await expect(owner.getByRole('heading', { level: 1, name: 'Reward details' })).toBeVisible();
    await expect(owner.getByRole('radio', { name: 'Send by e-mail' })).toBeChecked();
    await expect(owner.getByRole('combobox', { name: /^Country/ })).toHaveValue('US');
    await expect(owner.getByRole('combobox', { name: /^Currency/ })).toHaveValue('USD');
    await expectNoAxeViolations(owner, 'Reward details');

    const brands = await chooseMerchant(owner, 'Northwind Coffee');
    await expectNoAxeViolations(owner, 'Choose merchants');
    await brands.getByRole('button', { name: 'Use this merchant' }).click();
    await expect(brands).toBeHidden();
    await expect(owner.getByRole('list', { name: 'Chosen merchants' })).toContainText(
      'Northwind Coffee',
    );
    await owner.getByRole('textbox', { name: /^Value of each reward \(USD\)/ }).fill('25');
    await owner.getByRole('textbox', { name: /^Description/ }).fill(`e2e e-mail ${run}`);

    // The message keeps the customisation defaults; the overlay shows them.
    await owner.getByRole('link', { name: 'Edit message' }).click();
    const message = owner.getByRole('dialog', { name: 'Message' });
    await expect(message.getByRole('textbox', { name: /^Header/ })).toHaveValue('Happy Birthday!');
    await expectNoAxeViolations(owner, 'Message');
    await message.getByRole('button', { name: 'Save message' }).click();
    await expect(message).toBeHidden();

    await owner.getByRole('button', { name: 'Continue' }).click();
    await expect(owner).toHaveURL(/\/order\/quantity/);
    await expect(
      owner.getByRole('heading', { level: 1, name: 'Who gets the reward' }),
    ).toBeVisible();
    await expect(owner.getByText('Each reward: $25.00 at Northwind Coffee.')).toBeVisible();
    // One recipient typed in, one pasted.
    await owner.getByRole('button', { name: 'Add a recipient' }).click();
    await owner.getByRole('textbox', { name: /^Recipient 1: name/ }).fill(recipients[0]!.name);
    await owner.getByRole('textbox', { name: /^Recipient 1: e-mail/ }).fill(recipients[0]!.email);
    await owner.getByRole('link', { name: 'Paste a list of recipients' }).click();
    const paste = owner.getByRole('dialog', { name: 'Add recipients' });
    await paste
      .getByRole('textbox', { name: /^Recipients/ })
      .fill(`${recipients[1]!.name}, ${recipients[1]!.email}`);
    await expectNoAxeViolations(owner, 'Add recipients');
    await paste.getByRole('button', { name: 'Add recipients' }).click();
    await expect(paste).toBeHidden();
    await expect(owner.getByRole('textbox', { name: /^Recipient 2: e-mail/ })).toHaveValue(
      recipients[1]!.email,
    );
    await expectNoAxeViolations(owner, 'Recipients');

    await owner.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(owner).toHaveURL(/\/order\/payment/);
    const price = owner.getByRole('region', { name: 'Price' });
    await expect(price).toContainText('Face value (2 rewards)$50.00');
    await expect(price).toContainText('Discount−$1.50');
    await expect(price).toContainText('Fees$0.00');
    await expect(price).toContainText('Total$48.50');
    const { available, after } = await balanceAmounts(owner);
    expect(available - after).toBe(4850);
    await expectNoAxeViolations(owner, 'Payment');

    const placing = owner.waitForResponse(
      (response) =>
        response.url().endsWith('/api/ordering/orders') && response.request().method() === 'POST',
    );
    await owner.getByRole('button', { name: 'Pay $48.50 and send' }).click();
    expect((await placing).status()).toBe(201);
    await expect(owner).toHaveURL(/\/order\/complete\//);
    const orderId = orderIdOf(owner);
    await expect(owner.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(owner.getByRole('status').filter({ hasText: 'rewards issued' })).toHaveText(
      '2 of 2 rewards issued.',
    );
    const sent = owner.getByRole('table', { name: 'Recipients' });
    for (const recipient of recipients) {
      // The mail leaves through the outbox after the reward is issued: the page keeps asking.
      await expect(sent.getByRole('row').filter({ hasText: recipient.email })).toContainText(
        'E-mail sent',
        { timeout: 30_000 },
      );
    }
    await expectNoAxeViolations(owner, 'Order complete (e-mail)');

    // Each recipient's mail, with the link to their reward's page.
    for (const recipient of recipients) {
      const link = await linkFromInbox(
        recipient.email,
        /^Happy Birthday! You have a \$25\.00 Northwind Coffee reward$/,
        '/redeem/',
      );
      expect(link.startsWith(`${new URL(owner.url()).origin}/redeem/`)).toBe(true);
    }
    // Staff read the same mails in the outbox.
    const staff = await pageAs('staff@boon.test');
    await staff.goto(`/debug/mailbox?to=${encodeURIComponent(recipients[0]!.email)}`);
    await expect(
      staff.getByText('Happy Birthday! You have a $25.00 Northwind Coffee reward').first(),
    ).toBeVisible({ timeout: 30_000 });

    // Order history lists it; its details show the recipients.
    await owner.getByRole('link', { name: 'View the order' }).click();
    await expect(owner).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(owner.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
    const items = owner.getByRole('table', { name: 'Recipients' });
    await expect(items.getByRole('row').filter({ hasText: recipients[0]!.email })).toBeVisible();
    await expect(items.getByRole('row').filter({ hasText: recipients[1]!.email })).toBeVisible();
    await expectNoAxeViolations(owner, 'Order details (e-mail)');

    // Both rewards are posted at the discounted price, 24.25 each.
    await owner.goto(`/transactions?search=${orderId}`);
    await expect(owner.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible();
    const posts = owner.getByRole('row').filter({ hasText: orderId });
    await expect(posts).toHaveCount(2);
    for (const post of await posts.all()) {
      await expect(post).toContainText('Order');
      await expect(post).toContainText('−$24.25');
    }
  });

  test('five $10 links at Acorn Books US: the complete page lists them to copy', async ({
    pageAs,
  }) => {
    test.setTimeout(120_000);
    const owner = await pageAs('owner@acme.test');
    await owner.goto('/order/type');
    await expect(owner.getByRole('heading', { level: 1, name: 'Create a new reward' })).toBeVisible(
      {
        timeout: 30_000,
      },
    );
    await owner.getByRole('link', { name: /^Send by link/ }).click();
    await expect(owner.getByRole('radio', { name: 'Send by link' })).toBeChecked();
    const brands = await chooseMerchant(owner, 'Acorn Books');
    await brands.getByRole('button', { name: 'Use this merchant' }).click();
    await expect(owner.getByRole('list', { name: 'Chosen merchants' })).toContainText(
      'Offers $10.00, $25.00, $50.00 or $100.00',
    );
    const value = owner.getByRole('textbox', { name: /^Value of each reward \(USD\)/ });
    await expect(value).toHaveValue('10');
    await owner.getByRole('button', { name: 'Continue' }).click();

    await expect(owner.getByRole('heading', { level: 1, name: 'How many links' })).toBeVisible();
    await owner.getByRole('textbox', { name: /^Number of links/ }).fill('5');
    await expectNoAxeViolations(owner, 'How many links');
    await owner.getByRole('button', { name: 'Continue to payment' }).click();
    const price = owner.getByRole('region', { name: 'Price' });
    await expect(price).toContainText('Face value (5 rewards)$50.00');
    await expect(price).toContainText('Discount−$1.50');
    await expect(price).toContainText('Total$48.50');
    await owner.getByRole('button', { name: 'Pay $48.50 and send' }).click();

    await expect(owner).toHaveURL(/\/order\/complete\//);
    linkOrderId = orderIdOf(owner);
    await expect(owner.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible({
      timeout: 30_000,
    });
    const links = owner.getByRole('table', { name: 'Links' });
    const origin = new URL(owner.url()).origin;
    const urls = links.getByText(/^https?:\/\/\S+\/redeem\//);
    await expect(urls).toHaveCount(5);
    const texts = await urls.allInnerTexts();
    for (const text of texts) expect(text.startsWith(`${origin}/redeem/WG-SL-`)).toBe(true);
    expect(new Set(texts).size).toBe(5);
    await expect(links.getByRole('button', { name: /^Copy link \d$/ })).toHaveCount(5);
    await expect(owner.getByRole('button', { name: 'Download links as CSV' })).toBeVisible();
    await expectNoAxeViolations(owner, 'Order complete (links)');
    linkUrl = texts[0]!;

    // Order history lists the order; its details list the links.
    await owner.goto('/orders');
    const row = owner.getByRole('row').filter({ hasText: linkOrderId });
    await expect(row).toContainText('Acorn Books');
    await expect(row).toContainText('$48.50');
    await expectNoAxeViolations(owner, 'Order history');
    await row.getByRole('link', { name: linkOrderId }).click();
    await expect(
      owner.getByRole('heading', { level: 1, name: `Order ${linkOrderId}` }),
    ).toBeVisible();
    await expect(owner.getByRole('table', { name: 'Links' }).getByRole('row')).toHaveCount(6);
    await expectNoAxeViolations(owner, 'Order details (links)');

    // Nothing is posted before a link is claimed: the links' money is only held.
    await owner.goto(`/transactions?search=${linkOrderId}`);
    await expect(owner.getByRole('heading', { level: 1, name: 'All transactions' })).toBeVisible();
    await expect(owner.getByText(/No transactions/i)).toBeVisible();
  });

  test('the recipient opens a link without signing in, claims it and keeps the code', async ({
    browser,
    baseURL,
    pageAs,
  }) => {
    test.setTimeout(90_000);
    expect(linkUrl, 'the link order ran first').not.toBe('');
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
    try {
      const page = await context.newPage();
      await page.goto(linkUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Happy Birthday!' })).toBeVisible();
      await expect(page.getByText('From Acme Rewards Ltd')).toBeVisible();
      await expect(page.getByText('$10.00', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'the recipient page');
      await page.getByRole('button', { name: 'Show my Acorn Books code' }).click();
      await expect(page).toHaveURL(linkUrl);
      await expect(page.getByRole('heading', { name: 'Your Acorn Books code' })).toBeVisible();
      const code = (await page.locator('.code').innerText()).trim();
      expect(code).not.toBe('');
      await expectNoAxeViolations(page, 'the recipient page, claimed');
      await page.reload();
      await expect(page.locator('.code')).toHaveText(code);
    } finally {
      await context.close();
    }

    // The claimed link is posted at the discounted price; the owner's order says it is claimed.
    const owner = await pageAs('owner@acme.test');
    await owner.goto(`/transactions?search=${linkOrderId}`);
    const posts = owner.getByRole('row').filter({ hasText: linkOrderId });
    await expect(posts).toHaveCount(1, { timeout: 30_000 });
    await expect(posts).toContainText('−$9.70');
    await expectNoAxeViolations(owner, 'All transactions (order)');
    await owner.goto(`/orders/${linkOrderId}`);
    await expect(
      owner.getByRole('table', { name: 'Links' }).getByRole('row').filter({ hasText: linkUrl }),
    ).toContainText('Claimed');
  });
});

test('a link scheduled for tomorrow at 09:00 waits: the order is Scheduled, with its time', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/order/create?deliveryType=link');
  await expect(owner.getByRole('heading', { level: 1, name: 'Reward details' })).toBeVisible({
    timeout: 30_000,
  });
  const brands = await chooseMerchant(owner, 'Acorn Books');
  await brands.getByRole('button', { name: 'Use this merchant' }).click();
  await owner.getByRole('radio', { name: 'Schedule for later' }).check();
  const when = owner.getByLabel(/^Delivery date and time/);
  // The field's earliest value is now, on the clock of the timezone chosen in Settings.
  const now = await when.getAttribute('min');
  expect(now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const tomorrow = new Date(Date.parse(`${now}Z`) + 86_400_000).toISOString().slice(0, 10);
  await when.fill(`${tomorrow}T09:00`);
  await expectNoAxeViolations(owner, 'Reward details, scheduled');
  await owner.getByRole('button', { name: 'Continue' }).click();

  await expect(owner.getByRole('heading', { level: 1, name: 'How many links' })).toBeVisible();
  await owner.getByRole('textbox', { name: /^Number of links/ }).fill('1');
  await owner.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(owner.getByText(/The links are created on/)).toBeVisible();
  await owner.getByRole('button', { name: 'Pay $9.70 and schedule' }).click();

  await expect(owner.getByRole('heading', { level: 1, name: 'Order scheduled' })).toBeVisible({
    timeout: 30_000,
  });
  // 09:00 or 9:00 AM, as the browser's language writes it; never 19:00.
  await expect(owner.getByText(/The links are created on .*(?<!\d)0?9:00(?!\d)/)).toBeVisible();
  await expectNoAxeViolations(owner, 'Order scheduled');
  const orderId = orderIdOf(owner);

  await owner.getByRole('link', { name: 'View the order' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(owner.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(owner.getByText('Delivery time')).toBeVisible();
  // Nothing is issued before its time: no link exists yet.
  await expect(owner.getByText(/\/redeem\/WG-SL-/)).toHaveCount(0);
});

test('two CAD links paid from the USD balance: the Boon FX rate and fee before paying, and on the order', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/order/create?deliveryType=link');
  await expect(owner.getByRole('heading', { level: 1, name: 'Reward details' })).toBeVisible({
    timeout: 30_000,
  });
  // Acme holds no CAD balance: choosing Canada makes the order CAD all the same.
  await owner.getByRole('combobox', { name: /^Country/ }).selectOption('CA');
  await expect(owner.getByRole('combobox', { name: /^Currency/ })).toHaveValue('CAD');
  const brands = await chooseMerchant(owner, 'Northwind Coffee');
  await brands.getByRole('button', { name: 'Use this merchant' }).click();
  await owner.getByRole('textbox', { name: /^Value of each reward \(CAD\)/ }).fill('10');
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'How many links' })).toBeVisible();
  await owner.getByRole('textbox', { name: /^Number of links/ }).fill('2');
  await owner.getByRole('button', { name: 'Continue to payment' }).click();

  const payFrom = owner.getByRole('combobox', { name: 'Pay from' });
  await payFrom.selectOption('USD');
  await expect(owner.getByRole('region', { name: 'Price in CAD' })).toContainText('Total$19.40');
  // 9.70 CAD a link at 1 USD = 1.378075 CAD: 7.04 USD exchanged and a 0.02 fee, each.
  const paying = owner.getByRole('region', { name: 'Paid from your USD balance' });
  await expect(paying).toContainText('Boon FX rate1 USD = 1.378075 CAD');
  await expect(paying).toContainText('Exchanged for $19.40 CAD$14.08 USD');
  await expect(paying).toContainText('Boon FX fee$0.04 USD');
  await expect(paying).toContainText('Taken from the balance$14.12 USD');
  const { available, after } = await balanceAmounts(owner);
  expect(available - after).toBe(1412);
  await expectNoAxeViolations(owner, 'Payment, paid from another balance');
  await owner.getByRole('button', { name: 'Pay $14.12 USD and send' }).click();

  await expect(owner.getByRole('heading', { level: 1, name: 'Order complete' })).toBeVisible({
    timeout: 30_000,
  });
  const orderId = orderIdOf(owner);
  await owner.goto(`/orders/${orderId}`);
  await expect(owner.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(
    owner
      .locator('div')
      .filter({ has: owner.getByText('Paid from your USD balance') })
      .last(),
  ).toContainText('$14.12 USD at 1 USD = 1.378075 CAD, Boon FX fee $0.04 USD included');
});

test('staff mark a reward mail not delivered; the owner reads why on the order and filters by its merchant', async ({
  pageAs,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner@acme.test');
  await owner.goto('/orders');
  await expect(owner.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible({
    timeout: 30_000,
  });
  // The order itself is placed through the API with the owner's sign-in (the form has its tests).
  const accessToken = await owner.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string })
      .access_token;
  });
  const address = `bounce-${run}@example.com`;
  const placed = await owner.request.post('/api/ordering/orders', {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'x-customer-id': 'C-ACME0001',
      'Idempotency-Key': `bounce-${run}`,
    },
    data: {
      deliveryType: 'email',
      productCode: 'NORTHWIND-COFFEE-US',
      currency: 'USD',
      faceValue: '25.00',
      recipients: [{ name: 'Ada Bounce', email: address }],
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };

  const staff = await pageAs('staff@boon.test');
  await staff.goto(`/debug/mailbox?to=${encodeURIComponent(address)}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible({
    timeout: 30_000,
  });
  // This server sends mail over SMTP (to the test inbox): a mail can be judged once it has left.
  await expect(async () => {
    await staff.getByRole('button', { name: 'Refresh' }).click();
    await expect(staff.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(1, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await staff.getByRole('button', { name: /^Open / }).click();
  const drawer = staff.getByRole('dialog');
  const reason = drawer.getByRole('textbox', { name: /Why it was not delivered/ });
  await expect(reason).toHaveValue("The recipient's mail server refused the message.");
  await expectNoAxeViolations(staff, 'Mailbox, a mail open');
  await reason.fill('No such mailbox at example.com.');
  await drawer.getByRole('button', { name: 'Mark undeliverable' }).click();
  await expect(drawer.getByText('No such mailbox at example.com.')).toBeVisible();

  await owner.goto(`/orders/${orderId}`);
  await expect(owner.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  await expect(owner.getByText('E-mail not delivered')).toBeVisible();
  await expect(owner.getByText('No such mailbox at example.com.')).toBeVisible();

  await owner.goto('/orders');
  const merchant = owner.getByRole('combobox', { name: /Merchant/ });
  await expect(merchant.locator('option', { hasText: 'Northwind Coffee (USD)' })).toHaveCount(1);
  await merchant.selectOption({ label: 'Northwind Coffee (USD)' });
  await expect(owner.getByRole('row').filter({ hasText: orderId })).toBeVisible();
});

test('a viewer reads Order history with no way to order; the API refuses their order', async ({
  pageAs,
}) => {
  const viewer = await pageAs('viewer@acme.test');
  await viewer.goto('/orders');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(viewer.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expect(viewer.getByRole('link', { name: /new reward/i })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /new reward/i })).toHaveCount(0);
  await expect(viewer.locator('a[href^="/order/"], a[href="/order"]')).toHaveCount(0);

  const accessToken = await viewer.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string })
      .access_token;
  });
  expect(accessToken).toBeTruthy();
  const answer = await viewer.request.post('/api/ordering/orders', {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'x-customer-id': 'C-ACME0001',
      'Idempotency-Key': `viewer-${run}`,
    },
    data: {
      deliveryType: 'link',
      productCode: 'ACORN-BOOKS-US',
      currency: 'USD',
      faceValue: '10.00',
      quantity: 1,
    },
  });
  expect(answer.status()).toBe(403);
});

test('Globex has no Order history: owner@globex.test typing /orders lands home', async ({
  pageAs,
}) => {
  const page = await pageAs('owner@globex.test');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(mainNav(page).getByRole('link', { name: 'Order history' })).toHaveCount(0);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toHaveCount(0);
});
