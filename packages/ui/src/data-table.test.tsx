import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, nextSort, type DataTableColumn, type RowAction } from './data-table';
import { axeViolations, box, layOutAt, stubResizeObserver } from './testing';

type Order = { reference: string; recipient: string; amount: number };

const orders: Order[] = [
  { reference: 'O-2', recipient: 'Bea', amount: 25 },
  { reference: 'O-3', recipient: 'Cy', amount: 100 },
  { reference: 'O-1', recipient: 'Ada', amount: 5 },
];

const columns: DataTableColumn<Order>[] = [
  { key: 'reference', header: 'Reference' },
  { key: 'recipient', header: 'Recipient', sortable: true },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'right',
    cell: (row) => `$${row.amount}`,
  },
];

/** The table body as text, one array per row. */
function bodyRows(): string[][] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

type Action = { row: string; action: string };

/** Resend for every order, Cancel for all but O-1, recording what was chosen. */
function orderActions(chosen: Action[]) {
  return (order: Order): RowAction[] => {
    const resend: RowAction = {
      label: 'Resend',
      accessibleLabel: `Resend ${order.reference}`,
      onSelect: () => chosen.push({ row: order.reference, action: 'Resend' }),
    };
    if (order.reference === 'O-1') return [resend];
    return [
      resend,
      {
        label: 'Cancel',
        accessibleLabel: `Cancel ${order.reference}`,
        tone: 'danger',
        onSelect: () => chosen.push({ row: order.reference, action: 'Cancel' }),
      },
    ];
  };
}

/** The cards of the list named `name`, each as its title and its labelled values. */
function cards(name: string) {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((card) => {
      const terms = within(card).queryAllByRole('term');
      const values = within(card).queryAllByRole('definition');
      return {
        title: card.firstElementChild?.firstElementChild?.textContent,
        values: Object.fromEntries(
          terms.map((term, i) => [term.textContent, values[i]?.textContent]),
        ),
      };
    });
}

describe('nextSort', () => {
  it.each([
    [null, 'amount', { column: 'amount', direction: 'asc' }],
    [
      { column: 'amount', direction: 'asc' } as const,
      'amount',
      { column: 'amount', direction: 'desc' },
    ],
    [
      { column: 'amount', direction: 'desc' } as const,
      'amount',
      { column: 'amount', direction: 'asc' },
    ],
    [
      { column: 'amount', direction: 'desc' } as const,
      'name',
      { column: 'name', direction: 'asc' },
    ],
  ])('from %j a click on %s gives %j', (current, column, expected) => {
    expect(nextSort(current, column)).toEqual(expected);
  });
});

describe('DataTable as a table', () => {
  it('shows rows keyed by column name, with custom cells, in the given order', () => {
    render(<DataTable caption="Orders" columns={columns} rows={orders} />);

    expect(screen.getByRole('table', { name: 'Orders' })).toBeVisible();
    expect(bodyRows()).toEqual([
      ['O-2', 'Bea', '$25'],
      ['O-3', 'Cy', '$100'],
      ['O-1', 'Ada', '$5'],
    ]);
  });

  it('sorts ascending on the first click (numbers too), then toggles, one column at a time', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Orders" columns={columns} rows={orders} />);
    const amount = screen.getByRole('columnheader', { name: 'Amount' });
    const recipient = screen.getByRole('columnheader', { name: 'Recipient' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Reference' })).not.toHaveAttribute(
      'aria-sort',
    );

    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => row[2])).toEqual(['$5', '$25', '$100']);

    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows().map((row) => row[2])).toEqual(['$100', '$25', '$5']);

    await user.click(within(amount).getByRole('button', { name: 'Amount' }));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(recipient).getByRole('button', { name: 'Recipient' }));
    expect(recipient).toHaveAttribute('aria-sort', 'ascending');
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(bodyRows().map((row) => row[1])).toEqual(['Ada', 'Bea', 'Cy']);
  });

  it('starts from a default sort, ascending unless told', () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        defaultSort={{ column: 'amount' }}
      />,
    );

    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(bodyRows().map((row) => row[2])).toEqual(['$5', '$25', '$100']);
  });

  it('reports sort changes and leaves server-sorted rows in their order', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        manualSort
        onSortChange={onSortChange}
      />,
    );

    await user.click(screen.getByRole('button', { name: 'Recipient' }));
    await user.click(screen.getByRole('button', { name: 'Recipient' }));

    expect(onSortChange.mock.calls).toEqual([
      [{ column: 'recipient', direction: 'asc' }],
      [{ column: 'recipient', direction: 'desc' }],
    ]);
    expect(bodyRows().map((row) => row[0])).toEqual(['O-2', 'O-3', 'O-1']);
  });

  it('numbers the rows shown from 1 under "#", after sorting and with a page offset', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={orders} showIndex />,
    );
    expect(screen.getByRole('columnheader', { name: '#' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(bodyRows().map((row) => [row[0], row[3]])).toEqual([
      ['1', '$5'],
      ['2', '$25'],
      ['3', '$100'],
    ]);

    rerender(
      <DataTable caption="Orders" columns={columns} rows={orders} showIndex indexOffset={10} />,
    );
    expect(bodyRows().map((row) => row[0])).toEqual(['11', '12', '13']);
  });

  it('says "No record found." when empty, unless told otherwise', () => {
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={[]} showIndex />,
    );
    expect(screen.getByRole('cell', { name: 'No record found.' })).toHaveAttribute('colspan', '4');

    rerender(<DataTable caption="Orders" columns={columns} rows={[]} emptyText="No orders yet." />);
    expect(screen.getByText('No orders yet.')).toBeVisible();
  });

  it('shows loading and error states instead of rows', () => {
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={orders} loading />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Bea')).not.toBeInTheDocument();

    rerender(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        error="We couldn't load the orders."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load the orders.");
  });

  it('sorts from the keyboard and has no accessibility violations', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Orders" hideCaption columns={columns} rows={orders} showIndex />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Recipient' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('columnheader', { name: 'Recipient' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(await axeViolations()).toEqual([]);
  });
});

describe('DataTable too wide for its table', () => {
  it('is a tab stop named after its caption only while it scrolls sideways', () => {
    // jsdom lays nothing out: the sizes and the resize notifications are the test's.
    const { resized } = stubResizeObserver();
    try {
      render(<DataTable caption="Orders" columns={columns} rows={orders} />);
      const scroller = screen.getByRole('table', { name: 'Orders' }).parentElement as HTMLElement;
      expect(scroller).not.toHaveAttribute('tabindex');
      expect(screen.queryByRole('region')).toBeNull();

      Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 800 });
      Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 390 });
      resized();
      expect(screen.getByRole('region', { name: 'Orders' })).toHaveAttribute('tabindex', '0');

      Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 800 });
      resized();
      expect(scroller).not.toHaveAttribute('tabindex');
      expect(screen.queryByRole('region')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('DataTable inside a page that re-renders', () => {
  it('renders once per parent render: typing elsewhere on the page does not loop', async () => {
    let tableRenders = 0;
    function Page() {
      const [text, setText] = useState('');
      return (
        <>
          <label>
            Search
            <input value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <DataTable
            caption="Orders"
            columns={columns.map((column) => ({
              ...column,
              cell: (row: Order) => {
                tableRenders += 1;
                return column.cell ? column.cell(row) : String(row[column.key]);
              },
            }))}
            rows={[...orders]}
            rowKey={(row) => row.reference}
            defaultSort={{ column: 'recipient' }}
          />
        </>
      );
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page />);
    const before = tableRenders;
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'abc');
    // Three keystrokes: one render of 3 rows × 3 columns each (the unstable sort state gave 63).
    expect(tableRenders - before).toBe(3 * 9);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('DataTable with row actions', () => {
  it('shows them as buttons in a last column, named with their row', async () => {
    const user = userEvent.setup();
    const chosen: Action[] = [];
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        rowKey={(order) => order.reference}
        rowActions={orderActions(chosen)}
      />,
    );

    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    const row = screen.getByRole('row', { name: /O-3/ });
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resend', 'Cancel']);
    await user.click(within(row).getByRole('button', { name: 'Cancel O-3' }));
    expect(chosen).toEqual([{ row: 'O-3', action: 'Cancel' }]);
    expect(screen.queryByRole('button', { name: /^Actions/ })).toBeNull();
  });

  it('calls the header what it is told to', () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        rowActions={orderActions([])}
        actionsHeader="Manage"
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Manage' })).toBeVisible();
  });
});

describe('DataTable as cards', () => {
  it('lists a card per row: the primary column as its title, the others labelled', () => {
    render(
      <DataTable
        caption="Orders"
        columns={[
          columns[0]!,
          { ...columns[1]!, primary: true },
          columns[2]!,
          { key: 'amount', header: 'Hidden amount', hideInCard: true },
        ]}
        rows={orders}
        layout="cards"
      />,
    );

    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Orders')).toBeVisible();
    expect(cards('Orders')).toEqual([
      { title: 'Bea', values: { Reference: 'O-2', Amount: '$25' } },
      { title: 'Cy', values: { Reference: 'O-3', Amount: '$100' } },
      { title: 'Ada', values: { Reference: 'O-1', Amount: '$5' } },
    ]);
  });

  it('titles a card with the first column when none is primary, numbered with showIndex', () => {
    render(
      <DataTable
        caption="Orders"
        hideCaption
        columns={columns}
        rows={orders}
        layout="cards"
        showIndex
        indexOffset={10}
      />,
    );
    expect(cards('Orders').map((card) => card.title)).toEqual(['11.O-2', '12.O-3', '13.O-1']);
  });

  it('puts one action on its card as a button and several behind a menu named with the row', async () => {
    const user = userEvent.setup();
    const chosen: Action[] = [];
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        rowKey={(order) => order.reference}
        rowLabel={(order) => `order ${order.reference}`}
        rowActions={orderActions(chosen)}
        layout="cards"
      />,
    );

    const [, , onlyResend] = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole(
      'listitem',
    );
    expect(within(onlyResend!).getByRole('button', { name: 'Resend O-1' })).toBeVisible();
    expect(within(onlyResend!).queryByRole('button', { name: /^Actions/ })).toBeNull();

    const menuButton = screen.getByRole('button', { name: 'Actions for order O-3' });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    const menu = screen.getByRole('menu', { name: 'Actions for order O-3' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Resend', 'Cancel']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Cancel O-3' }));

    expect(chosen).toEqual([{ row: 'O-3', action: 'Cancel' }]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });

  it('sorts from a "Sort by" choice, since a card has no header to click', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="Pending orders"
        columns={columns}
        rows={orders}
        layout="cards"
        onSortChange={onSortChange}
      />,
    );
    const sortBy = screen.getByRole('combobox', { name: 'Sort pending orders by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'As listed',
      'Recipient, ascending',
      'Recipient, descending',
      'Amount, ascending',
      'Amount, descending',
    ]);

    await user.selectOptions(sortBy, 'Amount, descending');
    expect(cards('Pending orders').map((card) => card.title)).toEqual(['O-3', 'O-2', 'O-1']);
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'amount', direction: 'desc' });
    expect(sortBy).toHaveDisplayValue('Amount, descending');
  });

  it('holds the space of the rows while loading, with placeholders hidden from assistive technology', () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders}
        rowActions={orderActions([])}
        layout="cards"
        loading
        loadingRows={4}
      />,
    );
    const list = screen.getByRole('list', { name: 'Orders', busy: true });
    expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(4);
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Bea')).toBeNull();
  });

  it('says when there is nothing to list, or why the rows could not be loaded', () => {
    const { rerender } = render(
      <DataTable caption="Orders" columns={columns} rows={[]} layout="cards" />,
    );
    expect(screen.getByText('No record found.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();

    rerender(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        layout="cards"
        error="We couldn't load the orders."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load the orders.");
  });
});

describe('DataTable loading as a table', () => {
  it('shows placeholder rows with a cell for every column, hidden from assistive technology', () => {
    render(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        rowActions={orderActions([])}
        showIndex
        loading
        loadingRows={5}
      />,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    const placeholders = table.querySelectorAll('tbody tr[aria-hidden="true"]');
    expect(placeholders).toHaveLength(5);
    // "#", three columns and the actions.
    expect(placeholders[0]?.querySelectorAll('td')).toHaveLength(5);
    // Assistive technology finds the header row only.
    expect(within(table).getAllByRole('row')).toHaveLength(1);
  });
});

describe('DataTable by the width it is given', () => {
  it('is a table from 640 px and a list of cards below, following resizes', () => {
    const { resized } = stubResizeObserver();
    const width = layOutAt(800);
    try {
      render(<DataTable caption="Orders" columns={columns} rows={orders} />);
      expect(screen.getByRole('table', { name: 'Orders' })).toBeVisible();

      width.mockReturnValue(box(639));
      act(() => resized());
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByRole('list', { name: 'Orders' })).toBeVisible();

      width.mockReturnValue(box(640));
      act(() => resized());
      expect(screen.getByRole('table', { name: 'Orders' })).toBeVisible();
    } finally {
      width.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('is already cards on its first render in a narrow space, and takes its own threshold', () => {
    const width = layOutAt(500);
    try {
      const { unmount } = render(<DataTable caption="Orders" columns={columns} rows={orders} />);
      expect(screen.getByRole('list', { name: 'Orders' })).toBeVisible();
      unmount();

      render(<DataTable caption="Orders" columns={columns} rows={orders} cardsBelow={480} />);
      expect(screen.getByRole('table', { name: 'Orders' })).toBeVisible();
    } finally {
      width.mockRestore();
    }
  });

  it('keeps the layout it was told', () => {
    const width = layOutAt(320);
    try {
      render(<DataTable caption="Orders" columns={columns} rows={orders} layout="table" />);
      expect(screen.getByRole('table', { name: 'Orders' })).toBeVisible();
    } finally {
      width.mockRestore();
    }
  });
});

describe('DataTable columns for one layout', () => {
  type Permission = { label: string; owner: boolean; viewer: boolean; holders: string };
  const matrix: Permission[] = [
    { label: 'View orders', owner: true, viewer: true, holders: 'Owner, Viewer' },
    { label: 'Create orders', owner: true, viewer: false, holders: 'Owner' },
  ];
  const yesNo = (held: boolean) => (held ? 'Yes' : 'No');
  const matrixColumns: DataTableColumn<Permission>[] = [
    { key: 'label', header: 'Permission', primary: true },
    {
      key: 'owner',
      header: 'Owner',
      align: 'center',
      hideInCard: true,
      cell: (row) => yesNo(row.owner),
    },
    {
      key: 'viewer',
      header: 'Viewer',
      align: 'center',
      hideInCard: true,
      cell: (row) => yesNo(row.viewer),
    },
    { key: 'holders', header: 'Roles', hideInTable: true },
  ];

  it('makes the primary column the row header of the table, and leaves out hideInTable', () => {
    render(<DataTable caption="Permissions" columns={matrixColumns} rows={matrix} />);
    const table = screen.getByRole('table', { name: 'Permissions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Permission', 'Owner', 'Viewer']);
    const row = within(table).getByRole('rowheader', { name: 'Create orders' }).closest('tr');
    if (!row) throw new Error('no row for Create orders');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Yes', 'No']);
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('text-center');
  });

  it('shows a card its own summary instead of the columns it hides', () => {
    render(
      <DataTable caption="Permissions" columns={matrixColumns} rows={matrix} layout="cards" />,
    );
    expect(cards('Permissions')).toEqual([
      { title: 'View orders', values: { Roles: 'Owner, Viewer' } },
      { title: 'Create orders', values: { Roles: 'Owner' } },
    ]);
  });
});
