import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Drawer } from './drawer';
import { axeViolations } from './testing';

function backdrop(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-drawer-backdrop]');
}

describe('Drawer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fills the screen from the top by default', () => {
    render(<Drawer title="Filters" defaultOpen />);
    const drawer = screen.getByRole('dialog', { name: 'Filters' });

    expect(drawer).toHaveStyle({ height: '100%' });
    expect(drawer).toHaveClass('top-0', 'inset-x-0');
  });

  it('slides from the right at the size it is given', () => {
    render(<Drawer title="Order details" direction="right" size="480px" defaultOpen />);
    const drawer = screen.getByRole('dialog', { name: 'Order details' });

    expect(drawer).toHaveStyle({ width: '480px' });
    expect(drawer).toHaveClass('right-0', 'inset-y-0');
  });

  it('keeps the backdrop for 500 ms after closing, then hides it', () => {
    vi.useFakeTimers();
    render(<Drawer title="Filters" defaultOpen />);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(backdrop()).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state-closing');
    act(() => vi.advanceTimersByTime(499));
    expect(backdrop()).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(backdrop()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the same way when its parent closes it', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Drawer title="Filters" open onOpenChange={() => {}} />);

    rerender(<Drawer title="Filters" open={false} onOpenChange={() => {}} />);
    act(() => vi.advanceTimersByTime(499));
    expect(backdrop()).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(backdrop()).not.toBeInTheDocument();
  });

  it('reopens at once when opened again during the wait', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Drawer title="Filters" open onOpenChange={() => {}} />);

    rerender(<Drawer title="Filters" open={false} onOpenChange={() => {}} />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<Drawer title="Filters" open onOpenChange={() => {}} />);
    act(() => vi.advanceTimersByTime(1000));

    expect(screen.getByRole('dialog')).not.toHaveAttribute('data-state-closing');
    expect(backdrop()).toBeInTheDocument();
  });

  it('opens from its trigger with focus trapped inside, closes with Escape, and returns focus', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Drawer title="Filters" trigger={<Button>Show filters</Button>} onOpenChange={onOpenChange}>
        <button type="button">Apply</button>
      </Drawer>,
    );
    const trigger = screen.getByRole('button', { name: 'Show filters' });

    await user.click(trigger);
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    for (let step = 0; step < 3; step += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
    // Radix hands focus back a task after the drawer unmounts.
    await vi.waitFor(() => expect(trigger).toHaveFocus());
  });

  it('has no accessibility violations when open', async () => {
    render(
      <Drawer title="Filters" defaultOpen>
        <p>Narrow the orders shown.</p>
      </Drawer>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
