import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RadioGroup, type RadioGroupProps } from './radio-group';
import type { SelectOption } from './select';
import { axeViolations } from './testing';

const delivery: SelectOption<'email' | 'link'>[] = [
  { id: 'email', value: 'email', label: 'E-mail' },
  { id: 'link', value: 'link', label: 'Link' },
];

function Harness(props: Omit<RadioGroupProps<'email' | 'link'>, 'value' | 'onChange' | 'options'>) {
  const [value, setValue] = useState<'email' | 'link' | null>(null);
  return (
    <>
      <RadioGroup {...props} options={delivery} value={value} onChange={setValue} />
      <button type="button">Next</button>
    </>
  );
}

describe('RadioGroup', () => {
  it('is a named group of radios that arrow keys move between', async () => {
    const user = userEvent.setup();
    render(<Harness label="Delivery" />);
    expect(screen.getByRole('radiogroup', { name: 'Delivery' })).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.keyboard('{ArrowDown}');

    expect(screen.getByRole('radio', { name: 'Link' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'E-mail' })).not.toBeChecked();
  });

  it('shows the required error when focus leaves the group with nothing chosen', async () => {
    const user = userEvent.setup();
    render(<Harness label="Delivery" required />);
    const group = screen.getByRole('radiogroup', { name: 'Delivery' });

    // Tabbing into the group focuses the first radio without choosing it.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'E-mail' })).toHaveFocus();
    expect(group).not.toHaveAttribute('aria-invalid');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('This field is required.');
  });

  it('marks an optional group in its legend and has no accessibility violations', async () => {
    render(
      <>
        <Harness label="Delivery" optional />
        <Harness label="Fallback delivery" required touched />
      </>,
    );

    expect(screen.getByRole('radiogroup', { name: 'Delivery (optional)' })).toBeVisible();
    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});
