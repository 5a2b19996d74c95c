import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchField } from './search-field';
import { TextField } from './text-field';
import { axeViolations } from './testing';

function Search({ maxLength = 200 }: { maxLength?: number }) {
  const [text, setText] = useState('');
  return (
    <form role="search">
      <SearchField
        label="Company name begins with"
        value={text}
        onChange={setText}
        maxLength={maxLength}
      />
    </form>
  );
}

describe('SearchField', () => {
  it('shows no "count/max" counter, where a text field with the same cap shows one', async () => {
    const { container } = render(
      <>
        <Search />
        <TextField label="Description" value="" onChange={() => {}} maxLength={200} />
      </>,
    );
    const search = screen.getByRole('textbox', { name: 'Company name begins with' });
    await userEvent.type(search, 'ini');
    expect(search).toHaveValue('ini');
    expect(container).not.toHaveTextContent('3/200');
    expect(search).not.toHaveAccessibleDescription();
    // The counter rule itself is still there for fields that want it.
    expect(container).toHaveTextContent('0/200');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('still caps the text at the server limit', async () => {
    render(<Search maxLength={5} />);
    const search = screen.getByRole('textbox', { name: 'Company name begins with' });
    await userEvent.type(search, 'initech');
    expect(search).toHaveValue('inite');
    expect(search).toHaveAttribute('enterkeyhint', 'search');
  });
});
