import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Popover, POPOVER_HOVER_CLOSE_DELAY_MS } from './popover';
import { axeViolations } from './testing';

function renderPopover(props: { openOnHover?: boolean } = {}) {
  render(
    <>
      <Popover
        label="Fees explained"
        trigger={<button type="button">About fees</button>}
        {...props}
      >
        <p>Card payments carry a 2% fee.</p>
        <a href="/fees">All fees</a>
      </Popover>
      <p>Somewhere else</p>
    </>,
  );
  return screen.getByRole('button', { name: 'About fees' });
}

describe('Popover', () => {
  it('opens on click and closes with Escape, focus back on the trigger', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();

    await user.click(trigger);
    const popover = screen.getByRole('dialog', { name: 'Fees explained' });
    expect(popover).toHaveTextContent('Card payments carry a 2% fee.');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('opens from the keyboard alone, moving focus into it, and Escape closes it', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();

    await user.tab();
    await user.keyboard('{Enter}');

    const popover = screen.getByRole('dialog', { name: 'Fees explained' });
    await waitFor(() => expect(popover).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    expect(screen.getByRole('link', { name: 'All fees' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeVisible();

    await user.click(screen.getByText('Somewhere else'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('on hover', () => {
    // Fake timers measure the close delay exactly, however busy the machine is. The pointer is
    // moved with fireEvent: user-event's waits never end under fake timers outside Jest.
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    const pointerOnto = (element: Element) =>
      fireEvent.pointerOver(element, { pointerType: 'mouse' });
    const pointerOff = (element: Element) =>
      fireEvent.pointerOut(element, { pointerType: 'mouse', relatedTarget: document.body });

    it('opens without taking focus, and closes a moment after the pointer leaves', () => {
      const trigger = renderPopover();

      pointerOnto(trigger);
      wait(0);
      expect(screen.getByRole('dialog', { name: 'Fees explained' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'All fees' })).not.toHaveFocus();

      pointerOff(trigger);
      wait(POPOVER_HOVER_CLOSE_DELAY_MS - 1);
      expect(screen.getByRole('dialog')).toBeVisible();
      wait(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('stays open when the pointer moves from the trigger onto it', () => {
      const trigger = renderPopover();

      pointerOnto(trigger);
      pointerOff(trigger);
      pointerOnto(screen.getByRole('dialog'));
      wait(1000);

      expect(screen.getByRole('dialog')).toBeVisible();
    });

    it('stays open when what hovering opened is clicked', () => {
      const trigger = renderPopover();

      pointerOnto(trigger);
      fireEvent.click(trigger);
      pointerOff(trigger);
      wait(1000);

      expect(screen.getByRole('dialog')).toBeVisible();
    });

    it('does not open for touch, which has no hover', () => {
      const trigger = renderPopover();

      fireEvent.pointerOver(trigger, { pointerType: 'touch' });
      wait(0);

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('ignores hover when told to', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover({ openOnHover: false });

    await user.hover(trigger);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no accessibility violations when open', async () => {
    const user = userEvent.setup();
    await user.click(renderPopover());

    expect(await axeViolations()).toEqual([]);
  });
});
