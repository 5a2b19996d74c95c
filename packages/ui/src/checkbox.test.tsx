import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, CheckboxGroup, type CheckboxGroupProps, type CheckboxProps } from './checkbox';
import type { SelectOption } from './select';
import { axeViolations } from './testing';

function SingleHarness(props: Omit<CheckboxProps, 'checked' | 'onChange'>) {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <Checkbox {...props} checked={checked} onChange={setChecked} />
      <button type="button">Continue</button>
    </>
  );
}

const products: SelectOption[] = [
  { id: 'cards', value: 'cards', label: 'Gift cards' },
  { id: 'payouts', value: 'payouts', label: 'Payouts' },
  { id: 'charity', value: 'charity', label: 'Charity' },
];

function GroupHarness(
  props: Omit<CheckboxGroupProps, 'value' | 'onChange' | 'options'> & {
    onValue?: (value: string[]) => void;
  },
) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <CheckboxGroup
        {...rest}
        options={products}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">Continue</button>
    </>
  );
}

describe('Checkbox', () => {
  it('toggles with Space and shows the required error when left unticked', async () => {
    const user = userEvent.setup();
    render(<SingleHarness label="I accept the terms" required />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });

    await user.tab();
    expect(box).toHaveFocus();
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('This field is required.');

    await user.click(box);
    expect(box).toBeChecked();
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('shows a custom error instead once touched, and marks an optional box', () => {
    render(
      <>
        <SingleHarness
          label="I accept the terms"
          required
          touched
          error="Accept the terms to go on."
        />
        <SingleHarness label="Send me news" optional />
      </>,
    );

    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms' }),
    ).toHaveAccessibleDescription('Accept the terms to go on.');
    expect(screen.getByRole('checkbox', { name: 'Send me news (optional)' })).toBeVisible();
  });
});

describe('CheckboxGroup', () => {
  it('reports the ticked values in the options order', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<GroupHarness label="Products" onValue={onValue} />);

    await user.click(screen.getByRole('checkbox', { name: 'Charity' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gift cards' }));
    expect(onValue).toHaveBeenLastCalledWith(['cards', 'charity']);

    await user.click(screen.getByRole('checkbox', { name: 'Charity' }));
    expect(onValue).toHaveBeenLastCalledWith(['cards']);
  });

  it('shows the required error only when focus leaves the group with nothing ticked', async () => {
    const user = userEvent.setup();
    render(<GroupHarness label="Products" required />);
    const group = screen.getByRole('group', { name: 'Products' });

    await user.tab();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Payouts' })).toHaveFocus();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    expect(group).toHaveAccessibleDescription('This field is required.');
  });

  it('has no accessibility violations in its error state', async () => {
    render(
      <>
        <GroupHarness label="Products" required touched />
        <SingleHarness label="I accept the terms" required touched />
      </>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
