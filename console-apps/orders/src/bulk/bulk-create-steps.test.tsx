import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, freshConsoleForEachTest, renderConsole } from '@boon/console-kit/testing';
import { serveBulkOrders } from '../testing';
import { testWorkbook } from './bulk-test-workbook';
import type { BulkWorkerRequest } from './bulk-worker-client';
import { PartCollector, type ListPart } from './bulk-worker-parts';
import { postBulkAnswer, withWholeList } from './bulk-worker-tasks';

freshConsoleForEachTest();

/** What the page asked its worker to do, in order. */
let workerTasks: BulkWorkerRequest['task'][] = [];

/**
 * The bulk worker's own message handling (bulk-worker.ts) run in this process (jsdom has no
 * Worker): long lists in parts, requests and answers copied as postMessage copies them, and a
 * workbook's bytes handed over, not copied.
 */
class InProcessWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly received = new PartCollector();
  postMessage(message: BulkWorkerRequest | ListPart, transfer: Transferable[] = []) {
    const copy = structuredClone(message, { transfer });
    if (copy.task === 'part') {
      this.received.add(copy);
      return;
    }
    workerTasks.push(copy.task);
    void postBulkAnswer(withWholeList(copy, this.received), (reply) =>
      this.onmessage?.({ data: structuredClone(reply) } as MessageEvent),
    );
  }
  terminate() {}
}

beforeEach(() => {
  workerTasks = [];
  vi.stubGlobal('Worker', InProcessWorker);
});

async function openBulk(user: ReturnType<typeof userEvent.setup>) {
  await renderConsole('/bulk/create', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Bulk order' });
  return user;
}

function fileInput() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('bulk order sources: a workbook, pasted rows', () => {
  it('reads an Excel workbook in the worker, its cells as shown, and checks the rows like a CSV', async () => {
    serveBulkOrders();
    const user = await openBulk(userEvent.setup());
    const workbook = testWorkbook('november.xlsx', {
      Recipients: [
        ['Recipient name', 'Recipient email', 'Amount', 'Merchant code'],
        ['Ada Lovelace', 'ada@example.com', { value: 25, format: '0.00' }, 'COFFEE-US'],
        ['Alan Turing', 'alan@example.com', { value: 30, format: '0.00' }, 'COFFEE-US'],
      ],
    });
    await user.upload(fileInput(), workbook);
    await screen.findByRole('heading', { name: 'Columns of november.xlsx' });
    expect(workerTasks).toEqual(['parse-workbook']);
    expect(screen.getByRole('combobox', { name: 'Column 3: Amount' })).toHaveAccessibleDescription(
      'First row: 25.00',
    );
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText(/1 of 2 rows have problems/)).toHaveAttribute('role', 'alert');
    expect(workerTasks).toEqual(['parse-workbook', 'check']);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('refuses a workbook it cannot read, an empty sheet and one too large, as it refuses a CSV', async () => {
    serveBulkOrders();
    const user = await openBulk(userEvent.setup());
    await user.upload(
      fileInput(),
      new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9])], 'broken.xlsx'),
    );
    expect(
      await screen.findByText(/^We couldn't read this file as an Excel workbook \(\.xlsx\)\./),
    ).toHaveAttribute('role', 'alert');
    await user.upload(fileInput(), testWorkbook('blank.xlsx', { Sheet1: [['Name', 'E-mail']] }));
    expect(
      await screen.findByText(/first sheet of this workbook has a header row but no recipients/),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('heading', { name: /^Columns of/ })).toBeNull();
    // Spec 5's size limit, before anything is read.
    const tasks = workerTasks.length;
    await user.upload(
      fileInput(),
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const said = await screen.findAllByText('File size cannot be greater than 10.00 MB');
    expect(said.some((element) => element.getAttribute('role') === 'alert')).toBe(true);
    expect(workerTasks).toHaveLength(tasks);
  });

  it('takes rows pasted from a spreadsheet through the same mapping and checks', async () => {
    serveBulkOrders();
    const user = await openBulk(userEvent.setup());
    const pasteArea = screen.getByRole('textbox', { name: /Or paste rows/ });
    await user.click(pasteArea);
    await user.paste(
      [
        'E-mail address\tFull name\tValue\tMerchant',
        'ada@example.com\tAda Lovelace\t25\tCOFFEE-US',
        'alan@example.com\tAlan Turing\t10\tCOFFEE-US',
      ].join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Read the pasted rows' }));
    await screen.findByRole('heading', { name: 'Columns of the pasted rows' });
    expect(screen.getByRole('combobox', { name: 'Column 1: E-mail address' })).toHaveValue('email');
    expect(screen.getByRole('combobox', { name: 'Column 2: Full name' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Column 3: Value' })).toHaveValue('faceValue');
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('All 2 rows are ready.')).toBeVisible();
    expect(workerTasks).toEqual(['parse', 'check']);

    // Nothing pasted: said in words, and the rows read before are let go.
    await user.clear(pasteArea);
    await user.click(screen.getByRole('button', { name: 'Read the pasted rows' }));
    expect(await screen.findByText(/^Nothing to read in the pasted text\./)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(await axeViolations(document.body)).toEqual([]);
  });
});

describe("bulk brands and message: the order's merchant and message for rows without their own", () => {
  it('chooses the merchant by keyboard, checks the rows again, and sends them with the message', async () => {
    const { chunks } = serveBulkOrders({ usdAvailable: 10_000 });
    const user = await openBulk(userEvent.setup());
    await user.upload(
      fileInput(),
      new File(
        [
          [
            'Name,E-mail,Amount,Merchant,Message',
            'Ada Lovelace,ada@example.com,25,,',
            'Alan Turing,alan@example.com,10,BOOKS-US,Well done!',
          ].join('\n'),
        ],
        'team.csv',
        { type: 'text/csv' },
      ),
    );
    await screen.findByRole('heading', { name: 'Columns of team.csv' });
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    const problems = await screen.findByRole('table', { name: 'Problems to fix' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(
      'Enter a merchant code, or choose the merchant for every row.',
    );

    // The merchant step, by keyboard: a search, a merchant among the radios, Enter on the action.
    screen.getByRole('link', { name: 'Choose the merchant' }).focus();
    await user.keyboard('{Enter}');
    const brands = await screen.findByRole('dialog', { name: 'Choose the merchant' });
    // Over create, which stays behind it (hidden from the keyboard and readers meanwhile).
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bulk order', hidden: true }),
    ).toBeInTheDocument();
    await user.type(within(brands).getByRole('textbox', { name: 'Search merchants' }), 'coffee');
    const coffee = await within(brands).findByRole('radio', {
      name: 'Coffee House (COFFEE-US): offers $10.00, $25.00 or $50.00',
    });
    await waitFor(() => expect(within(brands).getAllByRole('radio')).toHaveLength(1));
    coffee.focus();
    await user.keyboard(' ');
    expect(coffee).toBeChecked();
    expect(await axeViolations(document.body)).toEqual([]);
    within(brands).getByRole('button', { name: 'Use this merchant' }).focus();
    await user.keyboard('{Enter}');

    // Back on create, the keyboard at its heading as after any step, and the rows checked again
    // by themselves.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Bulk order' })).toHaveFocus(),
    );
    expect(screen.getByRole('link', { name: 'Change the merchant' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('All 2 rows are ready.')).toBeVisible();
    expect(workerTasks).toEqual(['parse', 'check', 'recheck']);

    // The message step: the contract's rules at the fields, then saved.
    await user.click(screen.getByRole('link', { name: 'Edit the message' }));
    const message = await screen.findByRole('dialog', { name: 'Message' });
    const header = within(message).getByRole('textbox', { name: 'Header' });
    await user.clear(header);
    await user.click(within(message).getByRole('button', { name: 'Save message' }));
    expect(header).toHaveAccessibleDescription(/This field is required\./);
    expect(header).toHaveFocus();
    await user.type(header, 'Thank you!');
    const colour = within(message).getByRole('textbox', { name: 'Colour' });
    await user.clear(colour);
    await user.type(colour, '#1d4ed8');
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(message).getByRole('button', { name: 'Save message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByText('Every reward carries it; a row with a message of its own keeps its text.'),
    ).toBeVisible();
    await waitFor(() => expect(workerTasks).toEqual(['parse', 'check', 'recheck', 'recheck']));

    await user.click(await screen.findByRole('link', { name: 'Continue to payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay .* and send$/ }));
    await screen.findByRole('heading', { level: 1, name: /Sending your rewards|Bulk order sent/ });
    const thanks = {
      header: 'Thank you!',
      body: 'Wishing you a wonderful birthday! Here is a little something to celebrate your day.',
      colour: '#1d4ed8',
    };
    expect(chunks.flatMap((chunk) => chunk.rows)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        productCode: 'COFFEE-US',
        currency: 'USD',
        faceValue: '25',
        message: thanks,
      },
      {
        name: 'Alan Turing',
        email: 'alan@example.com',
        productCode: 'BOOKS-US',
        currency: 'USD',
        faceValue: '10',
        message: { ...thanks, body: 'Well done!' },
      },
    ]);
  }, 30_000);

  it('needs no merchant column once the merchant is chosen, and cancelling a step changes nothing', async () => {
    serveBulkOrders();
    const user = await openBulk(userEvent.setup());
    await user.upload(
      fileInput(),
      new File(['Name,E-mail,Amount\nAda,ada@example.com,25'], 'plain.csv', { type: 'text/csv' }),
    );
    await screen.findByRole('heading', { name: 'Columns of plain.csv' });
    expect(screen.getByText('Choose the columns that hold the merchant code.')).toHaveAttribute(
      'role',
      'alert',
    );

    await user.click(screen.getByRole('link', { name: 'Edit the message' }));
    const message = await screen.findByRole('dialog', { name: 'Message' });
    await user.type(within(message).getByRole('textbox', { name: 'Header' }), ' and more');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Happy Birthday!')).toBeVisible();
    expect(screen.getByText(/^The usual message\./)).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Choose the merchant' }));
    const brands = await screen.findByRole('dialog', { name: 'Choose the merchant' });
    await user.click(
      await within(brands).findByRole('radio', { name: /^Coffee House \(COFFEE-US\)/ }),
    );
    await user.click(within(brands).getByRole('button', { name: 'Use this merchant' }));
    await screen.findByRole('link', { name: 'Change the merchant' });
    expect(screen.queryByText(/Choose the columns that hold/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(await screen.findByText('All 1 rows are ready.')).toBeVisible();

    // Taken away again: the row names no merchant, and says so.
    await user.click(screen.getByRole('button', { name: 'Remove the merchant' }));
    expect(await screen.findByText(/1 of 1 rows have problems/)).toBeVisible();
  }, 30_000);
});

describe('bulk summary-preview: the rows to send, from payment and back', () => {
  it('lists every row as it will be sent, read only and scrollable by keyboard', async () => {
    serveBulkOrders({ usdAvailable: 100_000 });
    const user = await openBulk(userEvent.setup());
    const rows = Array.from(
      { length: 300 },
      (_, n) => `Recipient ${n + 1},person${n + 1}@example.com,25,COFFEE-US,,2026-12-01`,
    );
    await user.upload(
      fileInput(),
      new File(
        [['Name,E-mail,Amount,Merchant,Message,Delivery date', ...rows].join('\n')],
        'big.csv',
        {
          type: 'text/csv',
        },
      ),
    );
    await screen.findByRole('heading', { name: 'Columns of big.csv' });
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    await user.click(await screen.findByRole('link', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
    await user.click(screen.getByRole('link', { name: 'Preview the rows' }));

    await screen.findByRole('heading', { level: 1, name: 'Rows to send' });
    expect(
      screen.getByText(/^300 rewards by e-mail from big\.csv, as they will be sent\./),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Rows to send' });
    expect(table).toHaveAttribute('aria-rowcount', '301');
    const drawn = within(table).getAllByRole('row');
    // A screenful is drawn, not 300 rows.
    expect(drawn.length).toBeLessThan(40);
    expect(
      within(drawn[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Recipient 1',
      'person1@example.com',
      'COFFEE-US',
      '$25.00',
      'The usual message',
      expect.stringMatching(/2026/),
    ]);
    expect(within(table).queryByRole('textbox')).toBeNull();
    // Tab reaches the list, whose arrow keys then scroll it.
    screen.getByRole('link', { name: 'Close' }).focus();
    await user.tab();
    expect(screen.getByRole('region', { name: 'Rows to send, scrollable' })).toHaveFocus();
    expect(await axeViolations(document.body)).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Back to payment' }));
    await screen.findByRole('heading', { level: 1, name: 'Payment' });
  }, 30_000);

  it('sends a visit without rows ready back to create', async () => {
    serveBulkOrders();
    await renderConsole('/bulk/preview/summary', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Bulk order' });
  });
});
