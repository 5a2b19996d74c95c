import { axeViolations } from '@boon/ui/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ComponentLibraryPage } from './component-library-page';

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('Component library page', () => {
  it('has its heading and one section per widget', () => {
    render(<ComponentLibraryPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Component library' })).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Button',
      'Text field',
      'Number field',
      'Select',
      'Radio group and checkbox',
      'Text area',
      'File upload',
      'Table',
      'Pagination',
      'Popover',
      'Dialog',
      'Drawer',
      'Accordion',
      'Avatar',
    ]);
  });

  it('shows the error, counter, optional and disabled states of the fields', () => {
    render(<ComponentLibraryPage />);

    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveAccessibleDescription(
      'This e-mail address is already invited.',
    );
    expect(screen.getByText('23/128')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear Search recipients' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Company website (optional)' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Customer ID' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Link value' })).toHaveValue('10.00');
    expect(screen.getByRole('textbox', { name: 'Reward message' })).toHaveAttribute('rows', '5');
    expect(
      screen.getByRole('radiogroup', { name: 'When do you need rewards?' }),
    ).toHaveAccessibleDescription('This field is required.');
  });

  it('shows every file state, with the spec texts', () => {
    render(<ComponentLibraryPage />);
    const uploads = section('File upload');

    expect(within(uploads).getByText('This field is required')).toBeVisible();
    expect(within(uploads).getByText('Uploaded')).toBeVisible();
    expect(within(uploads).getByText('Uploading…')).toBeVisible();
    expect(within(uploads).getByText('File size cannot be greater than 1.50 MB')).toBeVisible();
    expect(
      within(uploads).getByText('An error occurred while uploading file: invoice.pdf'),
    ).toBeVisible();
    expect(within(uploads).getByText('Unknown error')).toBeVisible();
  });

  it('uploads to its stand-in server and shows the outcome', async () => {
    const user = userEvent.setup();
    render(<ComponentLibraryPage />);
    const input = section('File upload').querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(input, new File(['receipt'], 'receipt.pdf', { type: 'application/pdf' }));

    const receipts = screen.getByRole('list', { name: 'Receipt' });
    expect(within(receipts).getByText('Uploading…')).toBeVisible();
    // The stand-in answers after 1.5 s; the margin is for a busy machine.
    expect(await within(receipts).findByText('Uploaded', {}, { timeout: 6000 })).toBeVisible();
  }, 10_000);

  it('shows the table states and sorts the sample orders', async () => {
    const user = userEvent.setup();
    render(<ComponentLibraryPage />);

    expect(screen.getByRole('table', { name: 'Orders loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('cell', { name: 'No record found.' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'No payouts sent yet.' })).toBeVisible();
    expect(within(section('Table')).getByRole('alert')).toHaveTextContent(
      "We couldn't load the orders.",
    );

    const orders = screen.getByRole('table', { name: 'Recent orders' });
    await user.click(within(orders).getByRole('button', { name: 'Amount' }));
    expect(within(orders).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('pages through numbered and cursor-based pagers', async () => {
    const user = userEvent.setup();
    render(<ComponentLibraryPage />);
    const numbered = screen.getByRole('navigation', { name: 'Numbered pages' });
    const cursor = screen.getByRole('navigation', { name: 'Cursor pages' });
    expect(screen.getByText('Showing 10 of 195')).toBeVisible();
    expect(within(cursor).queryByRole('button', { name: /^Page/ })).not.toBeInTheDocument();
    expect(within(cursor).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(numbered).getByRole('button', { name: 'Page 20' }));
    expect(screen.getByText('Showing 5 of 195')).toBeVisible();

    await user.click(within(cursor).getByRole('button', { name: 'Next page' }));
    await user.click(within(cursor).getByRole('button', { name: 'Next page' }));
    expect(within(cursor).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('opens the dialogs and drawers from the keyboard', async () => {
    const user = userEvent.setup();
    render(<ComponentLibraryPage />);

    screen.getByRole('button', { name: 'Open dialog' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Remove team member?' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Open consent-style dialog' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your Privacy Matters to Us' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Open right drawer' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Order details' })).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(<ComponentLibraryPage />);

    expect(await axeViolations()).toEqual([]);
  });
});
