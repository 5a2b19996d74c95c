import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Popover } from './popover';
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

  it('opens on hover without taking focus, and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();

    await user.hover(trigger);
    expect(screen.getByRole('dialog', { name: 'Fees explained' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All fees' })).not.toHaveFocus();

    await user.unhover(trigger);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open when the pointer moves from the trigger onto it', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();

    await user.hover(trigger);
    await user.unhover(trigger);
    await user.hover(screen.getByRole('dialog'));
    await new Promise((resolve) => setTimeout(resolve, 250));

    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('stays open when what hovering opened is clicked', async () => {
    const user = userEvent.setup();
    const trigger = renderPopover();

    await user.hover(trigger);
    await user.click(trigger);
    await user.unhover(trigger);
    await new Promise((resolve) => setTimeout(resolve, 250));

    expect(screen.getByRole('dialog')).toBeVisible();
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
