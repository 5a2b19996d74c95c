import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';
import { axeViolations } from './testing';

/** The pager's items as read on screen: page numbers and "…". */
function pagerItems(): string[] {
  return within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('listitem', { hidden: true })
    .map((item) => item.textContent ?? '')
    .filter((text) => text !== '');
}

describe('Pagination', () => {
  it('shows page 1, the last page and two before to three after the current, with ellipses', () => {
    render(
      <Pagination currentPage={50} totalItems={1000} itemsPerPage={10} onPageChange={() => {}} />,
    );

    expect(pagerItems()).toEqual(['1', '…', '48', '49', '50', '51', '52', '53', '…', '100']);
    expect(screen.getByRole('button', { name: 'Page 50' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 49' })).not.toHaveAttribute('aria-current');
  });

  it('reads "Showing N of total" with N the items on this page', () => {
    const { rerender } = render(
      <Pagination currentPage={1} totalItems={95} itemsPerPage={10} onPageChange={() => {}} />,
    );
    expect(screen.getByText('Showing 10 of 95')).toBeVisible();

    rerender(
      <Pagination currentPage={10} totalItems={95} itemsPerPage={10} onPageChange={() => {}} />,
    );
    expect(screen.getByText('Showing 5 of 95')).toBeVisible();
  });

  it('moves by page, previous and next, disabled at the ends', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { rerender } = render(
      <Pagination currentPage={1} totalItems={30} itemsPerPage={10} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    rerender(
      <Pagination currentPage={3} totalItems={30} itemsPerPage={10} onPageChange={onPageChange} />,
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('offers the supplied page sizes', async () => {
    const user = userEvent.setup();
    const onItemsPerPageChange = vi.fn();
    render(
      <Pagination
        totalItems={95}
        itemsPerPage={25}
        pageLimits={[10, 25, 100]}
        onPageChange={() => {}}
        onItemsPerPageChange={onItemsPerPageChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Items per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '100']);
    expect(select).toHaveDisplayValue('25');

    await user.selectOptions(select, '100');

    expect(onItemsPerPageChange).toHaveBeenCalledWith(100);
  });

  it('shows only previous and next when cursor based, disabled as told', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(
      <Pagination
        cursorBased
        currentPage={2}
        itemsPerPage={100}
        prevDisabled
        onPageChange={onPageChange}
      />,
    );

    expect(screen.queryByRole('button', { name: /^Page/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('honours nextDisabled in cursor mode', () => {
    render(<Pagination cursorBased itemsPerPage={100} nextDisabled onPageChange={() => {}} />);

    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('is a keyboard-operable navigation landmark without accessibility violations', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(
      <Pagination
        currentPage={2}
        totalItems={200}
        itemsPerPage={10}
        pageLimits={[10, 20]}
        onPageChange={onPageChange}
        onItemsPerPageChange={() => {}}
      />,
    );

    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(await axeViolations()).toEqual([]);
  });
});
