import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, freshConsoleForEachTest, renderConsole } from '@boon/console-kit/testing';
import { serveBulkOrders } from '../testing';

freshConsoleForEachTest();

type User = ReturnType<typeof userEvent.setup>;

/** The file chosen, checked, and its grid opened. */
async function openGrid(user: User, lines: string[]) {
  serveBulkOrders({ usdAvailable: 100_000 });
  await renderConsole('/bulk/create', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Bulk order' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, new File([lines.join('\r\n')], 'team.csv', { type: 'text/csv' }));
  await screen.findByRole('heading', { name: 'Columns of team.csv' });
  await user.click(screen.getByRole('button', { name: 'Check the rows' }));
}

const grid = () => screen.getByRole('grid', { name: 'Rows of the spreadsheet' });
const listed = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);
const rowsStatus = () => screen.getByRole('status', { name: '' });
const lastChange = () => screen.getByRole('status', { name: 'Last change' });

describe('the bulk grid’s tools (/bulk/preview/errors)', () => {
  it('replaces a text in one column of the listed rows, says how many cells changed and checks them again', async () => {
    const user = userEvent.setup();
    await openGrid(user, [
      'Name,E-mail,Amount,Merchant',
      'Ada Lovelace,ada@example.com,25,COFFE-US',
      'Alan Turing,alan@example.com,25,coffe-us',
      'Grace Hopper,grace@example.com,30,COFFEE-US',
      'Edsger Dijkstra,edsger@example.com,25,COFFEE-US',
    ]);
    await user.click(await screen.findByRole('link', { name: 'Fix the rows' }));
    await screen.findByRole('heading', { level: 1, name: 'Fix the rows' });
    expect(listed()).toEqual(['2', '3', '4']);
    expect(screen.getByText(/Replace all changes the 3 rows listed below/)).toBeVisible();

    // Nothing to find is said at the field; the form stays.
    await user.click(screen.getByRole('button', { name: 'Replace all' }));
    expect(screen.getByRole('textbox', { name: 'Find' })).toHaveAccessibleDescription(
      'Enter the text to find.',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Find in column' }),
      'Merchant code',
    );
    await user.type(screen.getByRole('textbox', { name: 'Find' }), 'coffe-');
    await user.type(screen.getByRole('textbox', { name: /^Replace with/ }), 'COFFEE-');
    await user.click(screen.getByRole('button', { name: 'Replace all' }));
    expect(await screen.findByText(/^Replaced in 2 cells of Merchant code/)).toBe(lastChange());
    // The fixed rows leave the list; the one left has another problem.
    expect(listed()).toEqual(['4']);
    expect(rowsStatus()).toHaveTextContent('1 of 4 rows still have problems.');

    // Case matters when asked: "coffee" is not in "COFFEE-US".
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Every row');
    await user.clear(screen.getByRole('textbox', { name: 'Find' }));
    await user.type(screen.getByRole('textbox', { name: 'Find' }), 'coffee');
    await user.click(screen.getByRole('checkbox', { name: 'Match case' }));
    await user.click(screen.getByRole('button', { name: 'Replace all' }));
    expect(lastChange()).toHaveTextContent(
      'No cell of Merchant code in the listed rows holds “coffee”.',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('ticks rows by keyboard, sets one value for them, deletes them, and leaves what is ready', async () => {
    const user = userEvent.setup();
    await openGrid(user, [
      'Name,E-mail,Amount,Merchant',
      'Ada Lovelace,ada@example.com,30,COFFEE-US',
      'Alan Turing,alan@example.com,35,COFFEE-US',
      'Grace Hopper,grace@example.com,25,COFFEE-US',
      'Nobody,nobody@example.com,25,NO-SUCH',
      'Nobody Else,nobody.else@example.com,25,NO-SUCH',
    ]);
    await user.click(await screen.findByRole('link', { name: 'Fix the rows' }));
    // The new page's heading takes focus first (the shell's focus on navigation); the keyboard
    // starts from the grid after that.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fix the rows' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(listed()).toEqual(['2', '3', '5', '6']);
    expect(screen.getByText('0 rows selected.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set value' })).toBeDisabled();

    // From the name of row 2, left to its tick box: Space ticks it; down and Space ticks row 3.
    within(grid()).getAllByRole('gridcell')[0]!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toHaveFocus();
    await user.keyboard(' {ArrowDown}');
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByText('2 rows selected.')).toBeVisible();
    expect(within(grid()).getAllByRole('row')[1]).toHaveAttribute('aria-selected', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Set column' }), 'Amount');
    await user.type(screen.getByRole('textbox', { name: /^Value/ }), '25');
    await user.click(screen.getByRole('button', { name: 'Set value' }));
    expect(await screen.findByText(/^Set Amount in 2 cells/)).toBe(lastChange());
    expect(listed()).toEqual(['5', '6']);
    // The fixed rows are no longer listed, so no longer selected.
    expect(screen.getByText('0 rows selected.')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 listed rows' }));
    expect(screen.getByText('2 rows selected.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete selected rows' }));
    expect(lastChange()).toHaveTextContent('Deleted 2 rows.');
    expect(rowsStatus()).toHaveTextContent('Every row is ready: 3 rows.');
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Continue to payment' }));
    const usd = await screen.findByRole('region', { name: 'USD: 3 rewards in 1 order' });
    // 3 × 25 USD, 3 % off.
    expect(within(usd).getByText('Total').nextSibling).toHaveTextContent('$72.75');
  });

  it('warns of a duplicate address at its cell, and pays only once it is accepted', async () => {
    const user = userEvent.setup();
    await openGrid(user, [
      'Name,E-mail,Amount,Merchant',
      'Ada Lovelace,ada@example.com,25,COFFEE-US',
      'Alan Turing,alan@example.com,25,COFFEE-US',
      'Ada at home,ADA@example.com,25,COFFEE-US',
      'Grace Hopper,grace@example.com,25,COFFEE-US',
      'Grace again,grace@example.com,25,COFFEE-US',
    ]);
    expect(
      await screen.findByText(/4 rows send to an address another row sends to as well/),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continue to payment' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Review the duplicate recipients' }));
    await screen.findByRole('heading', { level: 1, name: 'Fix the rows' });
    expect(listed()).toEqual(['2', '4', '5', '6']);
    expect(rowsStatus()).toHaveTextContent(
      'No row has a problem; 4 rows with a duplicate address still to accept or change.',
    );
    const email = within(within(grid()).getAllByRole('row')[1]!).getAllByRole('gridcell')[1]!;
    // A warning, not an error.
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription('Warning: The same address as row 4.');
    expect(await axeViolations(document.body)).toEqual([]);

    // Grace's second row is a mistake: deleted. Ada's two rows are meant: one accepted by
    // keyboard from its row's actions, the other with it.
    await user.click(screen.getByRole('button', { name: 'Delete row 6' }));
    expect(listed()).toEqual(['2', '4', '5']);
    email.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(
      screen.getByRole('button', { name: 'Accept the duplicate address of row 2' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(lastChange()).toHaveTextContent('Row 2 accepted: it gets a reward too.');
    expect(rowsStatus()).toHaveTextContent('1 row with a duplicate address still to accept');
    await user.click(screen.getByRole('button', { name: 'Send to duplicates anyway' }));
    expect(rowsStatus()).toHaveTextContent('Every row is ready: 4 rows.');
    expect(
      within(within(grid()).getAllByRole('row')[2]!).getAllByRole('gridcell')[1]!,
    ).toHaveAccessibleDescription('The same address as row 2; accepted, each gets a reward.');
    await user.click(screen.getByRole('link', { name: 'Continue to payment' }));
    expect(await screen.findByRole('region', { name: 'USD: 4 rewards in 1 order' })).toBeVisible();
  });
});
