import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, freshConsoleForEachTest, renderConsole } from '@boon/console-kit/testing';
import { serveBulkOrders } from '../testing';

freshConsoleForEachTest();

function csvFile(name: string, lines: string[]) {
  return new File([lines.join('\r\n')], name, { type: 'text/csv' });
}

function recipients(count: number, value = '25') {
  return Array.from(
    { length: count },
    (_, n) => `Recipient ${n + 1},person${n % (count - 2 || 1)}@example.com,${value},COFFEE-US`,
  );
}

/** /bulk/create, open and showing its heading. */
async function openBulkCreate() {
  await renderConsole('/bulk/create', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Bulk order' });
}

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
  await screen.findByRole('heading', { name: `Columns of ${file.name}` });
}

/** Two USD rewards at Coffee House and two GBP ones at Tea Room, checked, on the payment step. */
async function toPayment(user: ReturnType<typeof userEvent.setup>, gbpValue: string) {
  await openBulkCreate();
  await choose(
    user,
    csvFile('mixed.csv', [
      'Name,E-mail,Amount,Merchant',
      'Ada Lovelace,ada@example.com,25,COFFEE-US',
      'Alan Turing,alan@example.com,25,COFFEE-US',
      `Grace Hopper,grace@example.com,${gbpValue},TEA-GB`,
      `Edsger Dijkstra,edsger@example.com,${gbpValue},TEA-GB`,
    ]),
  );
  await user.click(screen.getByRole('button', { name: 'Check the rows' }));
  await user.click(await screen.findByRole('link', { name: 'Continue to payment' }));
}

describe('a bulk order from a spreadsheet (/bulk)', () => {
  it('reads the file, matches its columns, lists what to fix by row, then pays in parts and shows the rewards going out', async () => {
    const user = userEvent.setup();
    const { starts, chunks, bulkEstimates } = serveBulkOrders({
      usdAvailable: 100_000,
      dropChunk: 2,
    });
    await renderConsole('/bulk', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bulk order' });

    await choose(
      user,
      csvFile('november.csv', [
        'Name,E-mail,Amount,Merchant',
        'Ada Lovelace,ada@example.com,25,COFFEE-US',
        'Alan Turing,alan@example.com,30,COFFEE-US',
        'Grace Hopper,grace@example.com,25,NO-SUCH',
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Column 2: E-mail' })).toHaveValue('email');
    expect(screen.getByRole('combobox', { name: 'Column 3: Amount' })).toHaveValue('faceValue');
    expect(screen.getByRole('combobox', { name: 'Column 4: Merchant' })).toHaveValue('productCode');
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText(/2 of 3 rows have problems/)).toHaveAttribute('role', 'alert');
    const problems = screen.getByRole('table', { name: 'Problems to fix' });
    expect(
      within(problems)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'RowColumnProblem',
      '3AmountCoffee House offers $10.00, $25.00 or $50.00.',
      '4Merchant codeThere is no merchant NO-SUCH in the network.',
    ]);
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);

    // The file corrected: 2,500 rows, two of them to an address another row has too.
    await choose(
      user,
      csvFile('november-fixed.csv', ['Name,E-mail,Amount,Merchant', ...recipients(2500)]),
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('All 2,500 rows are ready.')).toBeVisible();
    // Four rows share two addresses: payment waits until someone says they are meant.
    expect(
      screen.getByText(/4 rows send to an address another row sends to as well/),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Review the duplicate recipients' }));
    await user.click(await screen.findByRole('button', { name: 'Send to duplicates anyway' }));
    await user.click(screen.getByRole('link', { name: 'Continue to payment' }));

    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    const usd = await screen.findByRole('region', { name: 'USD: 2,500 rewards in 13 orders' });
    expect(within(usd).getByText('Total').nextSibling).toHaveTextContent('$60,625.00');
    expect(bulkEstimates.at(-1)).toEqual({
      groups: [{ productCode: 'COFFEE-US', currency: 'USD', faceValue: '25', count: 2500 }],
    });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Pay $60,625.00 and send' }));
    // The second part's answer is lost: paying again carries on, the same batch, no part twice.
    expect(await screen.findByText(/Sending the rows stopped/)).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Pay $60,625.00 and send' }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBe(starts[0]);
    expect(chunks.map((chunk) => [chunk.chunkNumber, chunk.firstRow, chunk.rows.length])).toEqual([
      [1, 1, 1000],
      [2, 1001, 1000],
      [3, 2001, 500],
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Bulk order sent' }, { timeout: 5000 });
    expect(screen.getByText('All done: 2,500 sent, 0 failed.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'OR-BULK0013' })).toHaveAttribute(
      'href',
      '/orders/OR-BULK0013',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  }, 60_000);

  it('pays as a new bulk order when the one started earlier was discarded unpaid', async () => {
    const user = userEvent.setup();
    const { starts, chunks } = serveBulkOrders({ usdAvailable: 1000, firstBatchDiscarded: true });
    await openBulkCreate();
    await choose(
      user,
      csvFile('late.csv', [
        'Name,E-mail,Amount,Merchant',
        'Ada Lovelace,ada@example.com,25,COFFEE-US',
        'Alan Turing,alan@example.com,25,COFFEE-US',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    await user.click(await screen.findByRole('link', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    const pay = await screen.findByRole('button', { name: /^Pay .* and send$/ });
    await user.click(pay);
    expect(await screen.findByText(/We no longer hold this bulk order/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(chunks).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Pay .* and send$/ }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    expect(starts).toHaveLength(2);
    expect(starts[1]).not.toBe(starts[0]);
    expect(chunks.map((chunk) => chunk.rows.length)).toEqual([2]);
  });

  it('with Boon FX on, pays each currency from its own balance unless another is chosen', async () => {
    const user = userEvent.setup();
    const { startBodies, bulkEstimates } = serveBulkOrders({ fx: true, usdAvailable: 60 });
    await toPayment(user, '25');
    await screen.findByRole('heading', { level: 1, name: 'Payment' });

    // Each currency from its own balance unless the person picks another.
    const gbpFrom = await screen.findByRole('combobox', { name: 'Pay for the GBP rewards from' });
    expect(gbpFrom).toHaveValue('GBP');
    expect(screen.getByRole('combobox', { name: 'Pay for the USD rewards from' })).toHaveValue(
      'USD',
    );
    await screen.findByRole('region', { name: 'Your GBP balance' });
    expect(bulkEstimates.at(-1)).not.toHaveProperty('payFrom');
    await user.click(screen.getByRole('button', { name: 'Pay and send' }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    expect(startBodies.at(-1)).not.toHaveProperty('payFrom');
  }, 30_000);

  it('pays the rewards of a currency from another balance with Boon FX, at the rate shown, and says when that balance is short', async () => {
    const user = userEvent.setup();
    const { startBodies, bulkEstimates } = serveBulkOrders({ fx: true, usdAvailable: 60 });
    await toPayment(user, '10');
    const gbpFrom = await screen.findByRole('combobox', { name: 'Pay for the GBP rewards from' });
    await screen.findByRole('region', { name: 'Your GBP balance' });

    await user.selectOptions(gbpFrom, 'USD');
    await waitFor(() => expect(bulkEstimates.at(-1)?.payFrom).toEqual({ GBP: 'USD' }));
    const gbp = await screen.findByRole('region', { name: 'GBP: 2 rewards in 1 order' });
    expect(await within(gbp).findByText(/^1 USD = [\d.]+ GBP$/)).toBeVisible();
    expect(within(gbp).getByText('Taken from your USD balance').nextSibling).toHaveTextContent(
      /\$[\d.]+ USD/,
    );
    // The new price is said as well as shown.
    expect(
      await screen.findByText(
        /^Priced: your USD balance pays \$[\d.,]+, more than the \$60\.00 it has\.$/,
      ),
    ).toHaveAttribute('role', 'status');
    // One balance pays for both now, and 60 USD is not enough.
    const usdBalance = screen.getByRole('region', { name: 'Your USD balance' });
    expect(screen.queryByRole('region', { name: 'Your GBP balance' })).toBeNull();
    expect(within(usdBalance).getByRole('alert')).toHaveTextContent(
      /Your USD balance has \$60\.00 available, and these rewards take \$[\d.,]+\. Add funds to your balance, pay from another balance, or send fewer or smaller rewards\./,
    );
    expect(screen.getByRole('button', { name: 'Pay and send' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add funds' })).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);

    // The USD rewards from the GBP balance instead: each balance pays the other's rewards.
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Pay for the USD rewards from' }),
      'GBP',
    );
    await screen.findByRole('region', { name: 'Your GBP balance' });
    const pay = screen.getByRole('button', { name: 'Pay and send' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    expect(startBodies).toHaveLength(1);
    expect(startBodies[0]?.payFrom).toEqual({ GBP: 'USD', USD: 'GBP' });
  }, 30_000);

  it('keeps the paying balances while a payment went unanswered, and carries on that batch', async () => {
    const user = userEvent.setup();
    const { starts, startBodies } = serveBulkOrders({ fx: true, usdAvailable: 1000, dropChunk: 1 });
    await toPayment(user, '10');
    const gbpFrom = await screen.findByRole('combobox', { name: 'Pay for the GBP rewards from' });
    await user.selectOptions(gbpFrom, 'USD');
    const pay = screen.getByRole('button', { name: /^Pay .* and send$/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByText(/Sending the rows stopped/)).toHaveTextContent(
      'Until then, the balances that pay stay as they are.',
    );
    // The batch may be paid: another choice now would start a second one, even after a look at
    // the rows and back.
    expect(gbpFrom).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Preview the rows' }));
    await user.click(await screen.findByRole('link', { name: 'Back to payment' }));
    const gbpAgain = await screen.findByRole('combobox', { name: 'Pay for the GBP rewards from' });
    expect(gbpAgain).toBeDisabled();
    expect(gbpAgain).toHaveValue('USD');
    expect(
      screen.getByText(
        /A payment of these rows went out with these balances and may have gone through/,
      ),
    ).toBeVisible();
    const payAgain = screen.getByRole('button', { name: /^Pay .* and send$/ });
    await waitFor(() => expect(payAgain).toBeEnabled());
    await user.click(payAgain);
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBe(starts[0]);
    expect(startBodies.map((body) => body.payFrom)).toEqual([{ GBP: 'USD' }, { GBP: 'USD' }]);
  }, 30_000);

  it('says what the file lacks before checking anything', async () => {
    const user = userEvent.setup();
    serveBulkOrders();
    await openBulkCreate();
    await choose(user, csvFile('odd.csv', ['Who,Where', 'Ada,London']));
    expect(
      screen.getByText(
        'Choose the columns that hold the recipient name, recipient e-mail, amount, merchant code.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Check the rows' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column 1: Who' }), 'name');
    expect(screen.getByText(/hold the recipient e-mail, amount, merchant code\./)).toBeVisible();
  });

  it('refuses an empty file in words', async () => {
    const user = userEvent.setup();
    serveBulkOrders();
    await openBulkCreate();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, csvFile('empty.csv', ['Name,E-mail,Amount,Merchant']));
    await waitFor(() =>
      expect(screen.getByText(/This file has a header row but no recipients/)).toHaveAttribute(
        'role',
        'alert',
      ),
    );
  });

  it('fixes rows in the grid by keyboard: arrows, Enter to edit, Escape to cancel, a row deleted', async () => {
    const user = userEvent.setup();
    serveBulkOrders();
    await openBulkCreate();
    await choose(
      user,
      csvFile('grid.csv', [
        'Name,E-mail,Amount,Merchant',
        'Ada Lovelace,ada@example.com,25,COFFEE-US',
        'Alan Turing,alan@example.com,30,COFFEE-US',
        'Grace Hopper,grace@example,25,COFFEE-US',
        'Nobody,nobody@example.com,25,NO-SUCH',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    await user.click(await screen.findByRole('link', { name: 'Fix the rows' }));
    await screen.findByRole('heading', { level: 1, name: 'Fix the rows' });
    const grid = screen.getByRole('grid', { name: 'Rows of the spreadsheet' });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '3 of 4 rows still have problems.',
    );
    // Only the rows with problems, each problem at its cell.
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '3',
      '4',
      '5',
    ]);
    const amount = within(rows[0]!).getAllByRole('gridcell')[2]!;
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Coffee House offers $10.00, $25.00 or $50.00.');
    expect(await axeViolations(document.body)).toEqual([]);

    // To the amount of row 3 by keyboard; Escape leaves it as it was, Enter saves it.
    within(rows[0]!).getAllByRole('gridcell')[0]!.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const input = screen.getByRole('textbox', { name: 'Amount, row 3' });
    await user.clear(input);
    await user.type(input, '50{Escape}');
    expect(within(grid).getAllByRole('row')[1]).toHaveTextContent('30');
    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Amount, row 3' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount, row 3' }), '50{Enter}');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '2 of 4 rows still have problems.',
    );
    // Down to the address of row 4, fixed; then row 5 deleted.
    await user.keyboard('{ArrowDown}{ArrowLeft}{Enter}');
    const address = screen.getByRole('textbox', { name: 'Recipient e-mail, row 4' });
    await user.clear(address);
    await user.type(address, 'grace@example.com{Enter}');
    await user.click(screen.getByRole('button', { name: 'Delete row 5' }));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Every row is ready: 3 rows.',
    );
    await user.click(screen.getByRole('link', { name: 'Continue to payment' }));
    const usd = await screen.findByRole('region', { name: 'USD: 3 rewards in 1 order' });
    // 25 + 50 + 25 USD, 3 % off.
    expect(within(usd).getByText('Total').nextSibling).toHaveTextContent('$97.00');
  }, 30_000);
});
