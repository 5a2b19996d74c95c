import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { customer } from '@boon/console-kit/testing';
import { CustomerSwitcher } from './customer-switcher';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const globex = customer('C-GLOBEX01', 'Globex Corporation');
const boonDemo = customer('C-DEMO0001', 'boon Demo');

const switcher = () => screen.getByRole('combobox', { name: 'Customer' });

describe('CustomerSwitcher', () => {
  it('names the only customer, without a list to choose from', () => {
    render(<CustomerSwitcher customers={[acme]} selectedId="C-ACME0001" onSelect={vi.fn()} />);

    expect(screen.getByText('Acme Rewards Ltd')).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select customer')).not.toBeInTheDocument();
  });

  it('offers several customers sorted by name, ignoring case, behind the placeholder', async () => {
    const user = userEvent.setup();
    render(
      <CustomerSwitcher
        customers={[globex, acme, boonDemo]}
        selectedId={null}
        onSelect={vi.fn()}
      />,
    );

    expect(switcher()).toHaveTextContent('Select a customer');
    await user.click(switcher());
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Acme Rewards Ltd',
      'boon Demo',
      'Globex Corporation',
    ]);
  });

  it('asks for a choice while none is made, as a note rather than an error', () => {
    render(<CustomerSwitcher customers={[acme, globex]} selectedId={null} onSelect={vi.fn()} />);

    const note = screen.getByText('Please select customer');
    expect(note).toBeVisible();
    expect(note).not.toHaveClass('text-danger');
    expect(note).not.toHaveAttribute('role', 'alert');
    expect(switcher()).toHaveAccessibleDescription('Please select customer');
  });

  it('treats a remembered customer the user no longer belongs to as no choice', () => {
    render(
      <CustomerSwitcher customers={[acme, globex]} selectedId="C-OTHER001" onSelect={vi.fn()} />,
    );

    expect(switcher()).toHaveTextContent('Select a customer');
    expect(screen.getByText('Please select customer')).toBeVisible();
  });

  it('switches only on Enter: the arrow keys browse, Escape cancels', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <CustomerSwitcher customers={[acme, globex]} selectedId="C-ACME0001" onSelect={onSelect} />,
    );

    expect(switcher()).toHaveTextContent('Acme Rewards Ltd');
    expect(screen.queryByText('Please select customer')).not.toBeInTheDocument();
    switcher().focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(switcher()).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('C-GLOBEX01');
  });

  it('does not switch to the customer already chosen', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <CustomerSwitcher customers={[acme, globex]} selectedId="C-ACME0001" onSelect={onSelect} />,
    );

    await user.click(switcher());
    await user.click(await screen.findByRole('option', { name: 'Acme Rewards Ltd' }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('renders nothing for a user without customers', () => {
    const { container } = render(
      <CustomerSwitcher customers={[]} selectedId={null} onSelect={vi.fn()} />,
    );

    expect(container).toBeEmptyDOMElement();
  });
});
