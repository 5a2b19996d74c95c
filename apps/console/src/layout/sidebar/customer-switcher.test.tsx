import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { customer } from '../../test/customers';
import { CustomerSwitcher } from './customer-switcher';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const globex = customer('C-GLOBEX01', 'Globex Corporation');
const boonDemo = customer('C-DEMO0001', 'boon Demo');

describe('CustomerSwitcher', () => {
  it('names the only customer, without a list to choose from', () => {
    render(<CustomerSwitcher customers={[acme]} selectedId="C-ACME0001" onSelect={vi.fn()} />);

    expect(screen.getByText('Acme Rewards Ltd')).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select customer')).not.toBeInTheDocument();
  });

  it('offers several customers sorted by name, ignoring case, after the placeholder', () => {
    render(
      <CustomerSwitcher
        customers={[globex, acme, boonDemo]}
        selectedId={null}
        onSelect={vi.fn()}
      />,
    );

    const select = screen.getByRole('combobox', { name: 'Customer' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a customer',
      'Acme Rewards Ltd',
      'boon Demo',
      'Globex Corporation',
    ]);
    expect(select).toHaveValue('');
  });

  it('asks for a choice while none is made', () => {
    render(<CustomerSwitcher customers={[acme, globex]} selectedId={null} onSelect={vi.fn()} />);

    expect(screen.getByText('Please select customer')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveAccessibleDescription(
      'Please select customer',
    );
  });

  it('treats a remembered customer the user no longer belongs to as no choice', () => {
    render(
      <CustomerSwitcher customers={[acme, globex]} selectedId="C-OTHER001" onSelect={vi.fn()} />,
    );

    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('');
    expect(screen.getByText('Please select customer')).toBeVisible();
  });

  it('shows the chosen customer and reports a new choice', async () => {
    const onSelect = vi.fn();
    render(
      <CustomerSwitcher customers={[acme, globex]} selectedId="C-ACME0001" onSelect={onSelect} />,
    );

    const select = screen.getByRole('combobox', { name: 'Customer' });
    expect(select).toHaveValue('C-ACME0001');
    expect(screen.queryByText('Please select customer')).not.toBeInTheDocument();

    await userEvent.selectOptions(select, 'Globex Corporation');
    expect(onSelect).toHaveBeenCalledWith('C-GLOBEX01');
  });

  it('renders nothing for a user without customers', () => {
    const { container } = render(
      <CustomerSwitcher customers={[]} selectedId={null} onSelect={vi.fn()} />,
    );

    expect(container).toBeEmptyDOMElement();
  });
});
