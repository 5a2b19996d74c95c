import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption, type SelectProps } from './select';
import { axeViolations } from './testing';

const sizes: SelectOption<number>[] = [
  { id: 'small', value: 50, label: 'Under 50 employees' },
  { id: 'medium', value: 200, label: '51-200 employees' },
  { id: 'large', value: 500, label: '201-500 employees' },
];

function Harness(
  props: Omit<SelectProps<number>, 'value' | 'onChange' | 'options'> & {
    onValue?: (value: number | null) => void;
  },
) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState<number | null>(null);
  return (
    <Select
      {...rest}
      options={sizes}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('Select', () => {
  it('starts on its placeholder and reports the chosen option value, not its id', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Company size" placeholder="Select a size" onValue={onValue} />);
    const select = screen.getByRole('combobox', { name: 'Company size' });
    expect(select).toHaveDisplayValue('Select a size');

    await user.selectOptions(select, '51-200 employees');

    expect(onValue).toHaveBeenLastCalledWith(200);
    expect(select).toHaveDisplayValue('51-200 employees');

    await user.selectOptions(select, 'Select a size');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows the required error only once left empty', async () => {
    const user = userEvent.setup();
    render(<Harness label="Company size" placeholder="Select a size" required />);
    const select = screen.getByRole('combobox', { name: 'Company size' });

    await user.click(select);
    expect(select).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('This field is required.');

    await user.selectOptions(select, 'Under 50 employees');
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('lets a custom error replace the required text once touched, and marks optional selects', () => {
    render(
      <>
        <Harness label="Company size" required touched error="Pick the size on your contract." />
        <Harness label="Region" optional />
      </>,
    );

    expect(screen.getByRole('combobox', { name: 'Company size' })).toHaveAccessibleDescription(
      'Pick the size on your contract.',
    );
    expect(screen.getByRole('combobox', { name: 'Region (optional)' })).toBeVisible();
  });

  it('is a focusable native select with no accessibility violations', async () => {
    // The browser's own select handles arrow keys and type-ahead; jsdom has no such handling.
    const user = userEvent.setup();
    render(<Harness label="Company size" placeholder="Select a size" required touched />);

    await user.tab();

    const select = screen.getByRole('combobox', { name: 'Company size' });
    expect(select).toHaveFocus();
    expect(select.tagName).toBe('SELECT');
    expect(await axeViolations()).toEqual([]);
  });
});
