import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListboxSelect } from './listbox-select';
import type { SelectOption } from './select';
import { axeViolations } from './testing';

const companies: SelectOption[] = [
  { id: 'acme', value: 'C-ACME0001', label: 'Acme Rewards Ltd' },
  { id: 'demo', value: 'C-DEMO0001', label: 'Boon Demo' },
  { id: 'globex', value: 'C-GLOBEX01', label: 'Globex Corporation' },
];

function Harness({
  onCommit,
  initial = null,
}: {
  onCommit(value: string): void;
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ListboxSelect
        label="Customer"
        options={companies}
        value={value}
        placeholder="Select a customer"
        hint={value ? undefined : 'Please select customer'}
        onChange={(next) => {
          setValue(next);
          onCommit(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const button = () => screen.getByRole('combobox', { name: 'Customer' });

describe('ListboxSelect', () => {
  it('is a button naming the choice, with the placeholder and its note until one is made', async () => {
    render(<Harness onCommit={vi.fn()} />);

    expect(button()).toHaveTextContent('Select a customer');
    expect(button()).toHaveAccessibleDescription('Please select customer');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lets the arrow keys browse without choosing, and commits on Enter', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} initial="C-ACME0001" />);

    button().focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Acme Rewards Ltd',
      'Boon Demo',
      'Globex Corporation',
    ]);
    expect(screen.getByRole('option', { name: 'Acme Rewards Ltd' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('option', { name: 'Globex Corporation' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('C-GLOBEX01');
    await waitFor(() => expect(listbox).not.toBeInTheDocument());
    expect(button()).toHaveTextContent('Globex Corporation');
    await waitFor(() => expect(button()).toHaveFocus());
  });

  it('cancels on Escape, choosing nothing, with focus back on the button', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} initial="C-ACME0001" />);

    button().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');

    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onCommit).not.toHaveBeenCalled();
    expect(button()).toHaveTextContent('Acme Rewards Ltd');
    expect(button()).toHaveFocus();
  });

  it('commits on a click', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);

    await user.click(button());
    await user.click(await screen.findByRole('option', { name: 'Boon Demo' }));

    expect(onCommit).toHaveBeenCalledExactlyOnceWith('C-DEMO0001');
    expect(button()).toHaveTextContent('Boon Demo');
    expect(button()).not.toHaveAccessibleDescription();
  });
});
