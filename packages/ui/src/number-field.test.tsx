import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberField, type NumberFieldProps } from './number-field';
import { axeViolations } from './testing';

type HarnessProps = Omit<NumberFieldProps, 'value' | 'onChange'> & {
  initial?: string | null;
  onValue?: (value: string | null) => void;
};

function Harness({ initial = null, onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <NumberField
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output aria-label="Reported value">{String(value)}</output>
    </>
  );
}

describe('NumberField', () => {
  it('is required when it has no value after touch', async () => {
    const user = userEvent.setup();
    render(<Harness label="Quantity" required />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });

    await user.click(input);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();

    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
  });

  it('gives no value (null) for an empty input', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Quantity" initial="12" onValue={onValue} />);

    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));

    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('status', { name: 'Reported value' })).toHaveTextContent('null');
  });

  it('clamps to the limits, keeping the typed text until the field is left', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Items" min="1" max="200" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Items' });

    await user.type(input, '250');
    expect(onValue).toHaveBeenLastCalledWith('200');
    expect(input).toHaveValue('250');

    await user.tab();
    expect(input).toHaveValue('200');

    await user.clear(input);
    await user.type(input, '0');
    expect(onValue).toHaveBeenLastCalledWith('1');
    await user.tab();
    expect(input).toHaveValue('1');
  });

  it('rounds decimals down unless they are allowed', async () => {
    const user = userEvent.setup();
    const onWhole = vi.fn();
    const onDecimal = vi.fn();
    render(
      <>
        <Harness label="Whole" onValue={onWhole} />
        <Harness label="Decimal" allowDecimals onValue={onDecimal} />
      </>,
    );

    await user.type(screen.getByRole('textbox', { name: 'Whole' }), '7.9');
    await user.type(screen.getByRole('textbox', { name: 'Decimal' }), '7.9');
    await user.tab();

    expect(onWhole).toHaveBeenLastCalledWith('7');
    expect(screen.getByRole('textbox', { name: 'Whole' })).toHaveValue('7');
    expect(onDecimal).toHaveBeenLastCalledWith('7.9');
    expect(screen.getByRole('textbox', { name: 'Decimal' })).toHaveValue('7.9');
  });

  it("shows a currency value with the currency's fraction digits and keeps no more", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(
      <>
        <Harness label="Amount" currency="USD" allowDecimals initial="10" onValue={onValue} />
        <Harness label="Yen amount" currency="JPY" allowDecimals initial="1500" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveValue('10.00');
    expect(input).toHaveAccessibleDescription('USD');
    expect(screen.getByRole('textbox', { name: 'Yen amount' })).toHaveValue('1500');

    await user.clear(input);
    await user.type(input, '12.345');
    await user.tab();

    expect(onValue).toHaveBeenLastCalledWith('12.34');
    expect(input).toHaveValue('12.34');
  });

  it("stops decimals at each currency's exponent: none for JPY, three for BHD", async () => {
    const user = userEvent.setup();
    const onYen = vi.fn();
    const onDinar = vi.fn();
    render(
      <>
        <Harness label="Yen" currency="JPY" allowDecimals onValue={onYen} />
        <Harness label="Dinar" currency="BHD" allowDecimals onValue={onDinar} />
      </>,
    );

    await user.type(screen.getByRole('textbox', { name: 'Yen' }), '1500.75');
    await user.type(screen.getByRole('textbox', { name: 'Dinar' }), '1.2345');
    await user.tab();

    expect(onYen).toHaveBeenLastCalledWith('1500');
    expect(screen.getByRole('textbox', { name: 'Yen' })).toHaveValue('1500');
    expect(onDinar).toHaveBeenLastCalledWith('1.234');
    expect(screen.getByRole('textbox', { name: 'Dinar' })).toHaveValue('1.234');
  });

  it('keeps every digit of an amount too large for a float', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Amount" currency="USD" allowDecimals onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(input, '9007199254740993.07');
    await user.tab();

    expect(onValue).toHaveBeenLastCalledWith('9007199254740993.07');
    expect(input).toHaveValue('9007199254740993.07');
  });

  it('keeps the typed text while it is the same number as the value', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness label="Amount" currency="USD" allowDecimals onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(input, '12.');
    expect(onValue).toHaveBeenLastCalledWith('12.00');
    expect(input).toHaveValue('12.');
    await user.type(input, '5');
    expect(onValue).toHaveBeenLastCalledWith('12.50');
    expect(input).toHaveValue('12.5');
    await user.tab();
    expect(input).toHaveValue('12.50');
  });

  it('ignores characters that cannot make a number, and a minus when negatives are out of range', async () => {
    const user = userEvent.setup();
    render(<Harness label="Items" min="0" />);
    const input = screen.getByRole('textbox', { name: 'Items' });

    await user.type(input, '-1a2e');

    expect(input).toHaveValue('12');
  });

  it('follows a value reset from outside while focused', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<NumberField label="Amount" value="5" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.click(input);

    rerender(<NumberField label="Amount" value={null} onChange={() => {}} />);

    expect(input).toHaveValue('');
  });

  it('has no accessibility violations in its error state', async () => {
    render(<Harness label="Amount" currency="GBP" allowDecimals required touched />);

    expect(await axeViolations()).toEqual([]);
  });
});
