import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField, textFieldError, type TextFieldProps } from './text-field';
import { axeViolations } from './testing';

type HarnessProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  initial?: string;
  onValue?: (value: string) => void;
};

/** The field as a form uses it: the value lives in the parent. */
function Harness({ initial = '', onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TextField
        {...(props as TextFieldProps)}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('TextField', () => {
  it('is named by its label and shows the required error only after it is left empty', async () => {
    const user = userEvent.setup();
    render(<Harness label="First name" required />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    // Announced as required, without the browser's own validation taking over the form.
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute('required');

    await user.click(input);
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.tab();

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
  });

  it('drops the required error once the field has a value', async () => {
    const user = userEvent.setup();
    render(<Harness label="First name" required touched />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toHaveAccessibleDescription('This field is required.');

    await user.type(input, 'Ada');

    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('shows a custom error only once touched, instead of the required text', async () => {
    const user = userEvent.setup();
    render(<Harness label="E-mail" required error="This e-mail is already invited." />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByText('This e-mail is already invited.')).not.toBeInTheDocument();

    await user.click(input);
    await user.tab();

    expect(input).toHaveAccessibleDescription('This e-mail is already invited.');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('shows "(optional)" beside the label of an optional field', () => {
    render(<Harness label="Company" optional />);

    expect(screen.getByRole('textbox', { name: 'Company (optional)' })).toBeVisible();
    expect(screen.getByText('(optional)')).toBeVisible();
  });

  it('counts characters as count/max and stops at the maximum, pasted text included', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Description" maxLength={5} onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Description' });
    expect(input).toHaveAccessibleDescription('0/5');

    await user.type(input, 'abc');
    expect(screen.getByText('3/5')).toBeVisible();

    fireEvent.change(input, { target: { value: 'abcdefgh' } });
    expect(onValue).toHaveBeenLastCalledWith('abcde');
    expect(screen.getByText('5/5')).toBeVisible();
  });

  it('refuses blocked keys but lets Ctrl and Meta combinations through', async () => {
    const user = userEvent.setup();
    render(<Harness label="Amount" blockedKeys={['e', '-']} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(input, '1e-2');
    expect(input).toHaveValue('12');

    // fireEvent returns false when a handler called preventDefault.
    expect(fireEvent.keyDown(input, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'e', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(input, { key: '-', metaKey: true })).toBe(true);
    expect(fireEvent.keyDown(input, { key: '3' })).toBe(true);
  });

  it('shows the pattern error after touch, and not for an empty optional field', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        label="Colour"
        pattern={/^#([0-9a-f]{3}|[0-9a-f]{6})$/gi}
        patternError="Enter a hex colour such as #4f46e5."
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Colour' });

    await user.click(input);
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.type(input, '#12');
    expect(input).toHaveAccessibleDescription('Enter a hex colour such as #4f46e5.');

    await user.type(input, '3');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('gives the same pattern answer every time, even for a global RegExp', () => {
    const rule = { value: '#123', pattern: /^#[0-9a-f]{3}$/g, patternError: 'Not a colour.' };

    expect(textFieldError(rule, true)).toBeUndefined();
    expect(textFieldError(rule, true)).toBeUndefined();
  });

  it('offers a named clear button only while there is a value; clearing empties and refocuses', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Search" clearable initial="gift" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Search' });

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));

    expect(onValue).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).not.toBeInTheDocument();

    await user.type(input, 'x');
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeVisible();
  });

  it('is keyboard reachable and has no accessibility violations in its error state', async () => {
    const user = userEvent.setup();
    render(<Harness label="First name" required maxLength={20} clearable hint="As on your ID." />);

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    await user.tab();

    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});
