import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea, type TextAreaProps } from './text-area';
import { axeViolations } from './testing';

function Harness(props: Omit<TextAreaProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <TextArea {...props} value={value} onChange={setValue} />;
}

describe('TextArea', () => {
  it('is five rows tall unless told otherwise', () => {
    render(
      <>
        <Harness label="Message" />
        <Harness label="Notes" rows={3} />
      </>,
    );

    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '5');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '3');
  });

  it('shows the required error after it is left empty, then the custom error instead', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<TextArea label="Message" required value="" onChange={() => {}} />);
    const textArea = screen.getByRole('textbox', { name: 'Message' });
    expect(textArea).not.toHaveAttribute('aria-invalid');

    await user.click(textArea);
    await user.tab();
    expect(textArea).toHaveAttribute('aria-invalid', 'true');
    expect(textArea).toHaveAccessibleDescription('This field is required.');

    rerender(<TextArea label="Message" required value="" onChange={() => {}} error="Too short." />);
    expect(textArea).toHaveAccessibleDescription('Too short.');
  });

  it('counts characters against its maximum and marks an optional field', async () => {
    const user = userEvent.setup();
    render(<Harness label="Description" maxLength={128} optional />);
    const textArea = screen.getByRole('textbox', { name: 'Description (optional)' });

    await user.type(textArea, 'Thank you!');

    expect(screen.getByText('10/128')).toBeVisible();
    expect(textArea).toHaveAccessibleDescription('10/128');
  });

  it('has no accessibility violations with an error and a counter', async () => {
    render(<Harness label="Message" required touched maxLength={10} />);

    expect(await axeViolations()).toEqual([]);
  });
});
