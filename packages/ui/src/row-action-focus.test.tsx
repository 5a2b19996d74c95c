import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { rowActionsProps, rowActionTarget, useRowActionFocus } from './row-action-focus';

interface Row {
  id: string;
  open: boolean;
}

/**
 * A list whose rows open a dialog; Yes makes `decide` change the row and, as a refetch would,
 * delivers the new list a moment later (a new version).
 */
function List({ initial, decide }: { initial: Row[]; decide: (rows: Row[], id: string) => Row[] }) {
  const [list, setList] = useState({ rows: initial, version: 1 });
  const [acting, setActing] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useRowActionFocus({ dialogOpen: acting !== null, listVersion: list.version });
  const open = (id: string) => {
    const index = list.rows.findIndex((row) => row.id === id);
    focus.opened({
      rowKey: id,
      following: list.rows.slice(index + 1).map((row) => row.id),
      fallback: heading.current,
    });
    setActing(id);
  };
  const confirm = () => {
    const id = acting ?? '';
    focus.changed();
    setActing(null);
    setTimeout(() => setList((now) => ({ rows: decide(now.rows, id), version: now.version + 1 })));
  };
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Members
      </h2>
      <ul>
        {list.rows.map((row) => (
          <li key={row.id}>
            {row.id}
            <span {...rowActionsProps(row.id)}>
              {row.open ? <button onClick={() => open(row.id)}>{`Act on ${row.id}`}</button> : null}
            </span>
          </li>
        ))}
      </ul>
      {acting ? (
        <Dialog
          open
          onOpenChange={(next) => {
            if (!next) setActing(null);
          }}
          title={`Act on ${acting}?`}
          yesLabel="Confirm"
          onYes={confirm}
          noLabel="Cancel"
          onNo={() => setActing(null)}
        />
      ) : null}
    </>
  );
}

const rows = (...ids: string[]) => ids.map((id) => ({ id, open: true }));
const remove = (list: Row[], id: string) => list.filter((row) => row.id !== id);

async function confirmOn(id: string) {
  await userEvent.click(screen.getByRole('button', { name: `Act on ${id}` }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  // The new list arrives after the dialog has closed.
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('useRowActionFocus', () => {
  it('moves focus to the next row’s action when the row leaves the list', async () => {
    render(<List initial={rows('a', 'b', 'c')} decide={remove} />);
    await confirmOn('b');
    expect(screen.queryByText('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Act on c' })).toHaveFocus();
  });

  it('moves focus to the list heading when the last row leaves it', async () => {
    render(<List initial={rows('a', 'b')} decide={remove} />);
    await confirmOn('b');
    expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('skips rows that no longer have an action (decided ones stay listed without buttons)', async () => {
    const close = (list: Row[], id: string) =>
      list.map((row) => (row.id === id ? { ...row, open: false } : row));
    render(
      <List initial={[...rows('a', 'b'), { id: 'c', open: false }, ...rows('d')]} decide={close} />,
    );
    await confirmOn('b');
    expect(screen.getByText('b')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Act on d' })).toHaveFocus();
  });

  it('keeps focus on the button when the row keeps it (a changed role)', async () => {
    render(<List initial={rows('a', 'b')} decide={(list) => [...list]} />);
    await confirmOn('a');
    expect(screen.getByRole('button', { name: 'Act on a' })).toHaveFocus();
  });

  it('returns focus to the button that opened the dialog when it is cancelled', async () => {
    render(<List initial={rows('a', 'b')} decide={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Act on b' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Act on b' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Act on a' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Act on a' })).toHaveFocus();
  });
});

describe('rowActionTarget', () => {
  it('finds the first enabled control among a row’s actions, by key', () => {
    render(
      <div>
        <span {...rowActionsProps('x')}>
          <button disabled>Off</button>
          <button>On</button>
        </span>
        <span {...rowActionsProps('y')}>No actions</span>
      </div>,
    );
    expect(rowActionTarget('x')).toBe(screen.getByRole('button', { name: 'On' }));
    expect(rowActionTarget('y')).toBeNull();
    expect(rowActionTarget('z')).toBeNull();
  });
});
