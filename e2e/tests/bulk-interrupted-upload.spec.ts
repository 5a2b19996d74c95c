import { expect, test } from '../fixtures.js';

/**
 * A bulk order whose upload loses its connection halfway, through the real server: 1,050 rows go
 * as two chunks; the first reaches the server, which keeps it, but its answer never reaches the
 * browser. Paying again carries on from where the server is, and the batch has each row exactly
 * once: one payment, 1,050 rewards, every address in the results once.
 */

test.use({ actionTimeout: 15_000 });

const ROWS = 1_050;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const address = (n: number) => `resume.${run}.${n}@example.com`;

function spreadsheet(): Buffer {
  const lines = ['Recipient name,Recipient email,Amount,Currency,Merchant code'];
  for (let n = 1; n <= ROWS; n += 1) {
    lines.push(`Recipient ${n},${address(n)},10,USD,ACORN-BOOKS-US`);
  }
  return Buffer.from(lines.join('\r\n'));
}

test('a connection lost halfway through the upload: paying again carries on, each row once', async ({
  pageAs,
}) => {
  test.setTimeout(300_000);
  const admin = await pageAs('admin@acme.test');

  // The first chunk reaches the server; the browser sees the connection reset instead of its answer.
  let chunksSeen = 0;
  let cut = false;
  await admin.route('**/api/ordering/bulk-orders/*/chunks', async (route) => {
    chunksSeen += 1;
    if (cut) return route.continue();
    cut = true;
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    await route.abort('connectionreset');
  });

  await admin.goto('/bulk/create');
  await expect(admin.getByRole('heading', { level: 1, name: 'Bulk order' })).toBeVisible({
    timeout: 30_000,
  });
  await admin
    .locator('input[type="file"]')
    .setInputFiles({ name: 'resume.csv', mimeType: 'text/csv', buffer: spreadsheet() });
  await expect(admin.getByRole('heading', { name: 'Columns of resume.csv' })).toBeVisible();
  await admin.getByRole('button', { name: 'Check the rows' }).click();
  await expect(admin.getByText('All 1,050 rows are ready.')).toBeVisible({ timeout: 30_000 });
  await admin.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

  // 1,050 × 10 USD, 3 % off.
  const pay = admin.getByRole('button', { name: 'Pay $10,185.00 and send' });
  await pay.click();
  await expect(admin.getByText(/^Sending the rows stopped: .* Pay again to carry on/)).toBeVisible({
    timeout: 60_000,
  });
  await pay.click();

  await expect(admin).toHaveURL(/\/bulk\/progress\/BB-/, { timeout: 60_000 });
  const batchId = /\/bulk\/progress\/(BB-[A-Z0-9]+)/.exec(admin.url())?.[1] ?? '';
  // Paying again asks the server where the batch is: the chunk it kept is not sent again.
  expect(chunksSeen).toBe(2);
  await expect(admin.getByRole('heading', { level: 1, name: 'Bulk order sent' })).toBeVisible({
    timeout: 200_000,
  });
  await expect(
    admin.getByText(`All done: ${ROWS.toLocaleString('en-US')} sent, 0 failed.`),
  ).toBeVisible();

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download the results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${batchId}-results.csv`);
  const lines = (await (await download.createReadStream()).toArray())
    .join('')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
  expect(lines).toHaveLength(ROWS);
  const addresses = lines.map((line) => line.split(',')[2]);
  expect(new Set(addresses).size).toBe(ROWS);
  for (let n = 1; n <= ROWS; n += 1) expect(addresses).toContain(address(n));
});
