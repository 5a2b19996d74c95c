import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MenuButton, type MenuItem } from './menu-button';
import { axeViolations } from './testing';

/** Three actions on Ada's row; each records what was chosen and where focus was at that moment. */
function setUp() {
  const chosen: { label: string; focused: Element | null }[] = [];
  const item = (label: string, extra: Partial<MenuItem> = {}): MenuItem => ({
    label,
    accessibleLabel: `${label} Ada Lovelace`,
    onSelect: () => chosen.push({ label, focused: document.activeElement }),
    ...extra,
  });
  render(
    <>
      <button type="button">Before</button>
      <MenuButton
        label="Actions"
        accessibleLabel="Actions for Ada Lovelace"
        items={[item('Change role'), item('Resend'), item('Remove', { tone: 'danger' })]}
      />
      <button type="button">After</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Actions for Ada Lovelace' });
  const menuItem = (name: string) => screen.getByRole('menuitem', { name: `${name} Ada Lovelace` });
  return { chosen, button, menuItem, user: userEvent.setup() };
}

describe('MenuButton', () => {
  it('is a button that says it opens a menu, and what it controls while open', async () => {
    const { button, user } = setUp();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for Ada Lovelace' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(await axeViolations()).toEqual([]);
  });

  it('opens on Enter or Space at the first item, and on Up Arrow at the last', async () => {
    const { button, menuItem, user } = setUp();
    button.focus();
    await user.keyboard('{Enter}');
    expect(menuItem('Change role')).toHaveFocus();
    await user.keyboard('{Escape}');

    await user.keyboard(' ');
    expect(menuItem('Change role')).toHaveFocus();
    await user.keyboard('{Escape}');

    await user.keyboard('{ArrowUp}');
    expect(menuItem('Remove')).toHaveFocus();
    await user.keyboard('{Escape}');

    await user.keyboard('{ArrowDown}');
    expect(menuItem('Change role')).toHaveFocus();
  });

  it('moves with the arrows (wrapping), Home, End and a first letter', async () => {
    const { button, menuItem, user } = setUp();
    button.focus();
    await user.keyboard('{Enter}');

    await user.keyboard('{ArrowDown}');
    expect(menuItem('Resend')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(menuItem('Change role')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(menuItem('Remove')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(menuItem('Change role')).toHaveFocus();
    await user.keyboard('{End}');
    expect(menuItem('Remove')).toHaveFocus();
    // "r" goes to the next item starting with it, round the end.
    await user.keyboard('r');
    expect(menuItem('Resend')).toHaveFocus();
    await user.keyboard('r');
    expect(menuItem('Remove')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { button, chosen, menuItem, user } = setUp();
    await user.click(button);
    await user.keyboard('{ArrowDown}');
    expect(menuItem('Resend')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(chosen).toEqual([]);
  });

  it('runs the chosen item with focus already back on the button (Enter, Space or a click)', async () => {
    const { button, chosen, menuItem, user } = setUp();
    button.focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}{End} ');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    await user.click(menuItem('Change role'));
    expect(button).toHaveFocus();

    expect(chosen).toEqual([
      { label: 'Resend', focused: button },
      { label: 'Remove', focused: button },
      { label: 'Change role', focused: button },
    ]);
  });

  it('closes on Tab, and the Tab moves on from the button', async () => {
    const { button, user } = setUp();
    button.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('closes on a press elsewhere, leaving focus where that put it', async () => {
    const { button, user } = setUp();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Before' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('closes when its button is pressed again', async () => {
    const { button, user } = setUp();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });
});
