import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Accordion, type AccordionItem } from './accordion';
import { axeViolations } from './testing';

const items: AccordionItem[] = [
  { id: 'orders', title: 'Orders', content: 'Send rewards one at a time or in bulk.' },
  { id: 'balances', title: 'Balances', content: 'Top up by bank transfer or card.' },
  { id: 'team', title: 'Team', content: 'Invite colleagues and give them roles.' },
];

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('keeps one item open at a time, and the open one can be closed', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.click(trigger('Orders'));
    expect(trigger('Orders')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Send rewards one at a time or in bulk.')).toBeVisible();

    await user.click(trigger('Balances'));
    expect(trigger('Orders')).toHaveAttribute('aria-expanded', 'false');
    expect(trigger('Balances')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Send rewards one at a time or in bulk.')).not.toBeInTheDocument();

    await user.click(trigger('Balances'));
    expect(trigger('Balances')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens several when multiple are allowed', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} multiple />);

    await user.click(trigger('Orders'));
    await user.click(trigger('Team'));

    expect(trigger('Orders')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('Team')).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts with the default item open when uncontrolled', () => {
    render(<Accordion items={items} defaultValue="team" />);

    expect(trigger('Team')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Team' })).toHaveTextContent(
      'Invite colleagues and give them roles.',
    );
  });

  it('follows its value when controlled, reporting clicks', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const { rerender } = render(
      <Accordion items={items} value="orders" onValueChange={onValueChange} />,
    );

    await user.click(trigger('Balances'));
    expect(onValueChange).toHaveBeenLastCalledWith('balances');
    expect(trigger('Orders')).toHaveAttribute('aria-expanded', 'true');

    await user.click(trigger('Orders'));
    expect(onValueChange).toHaveBeenLastCalledWith(null);

    rerender(<Accordion items={items} value={null} onValueChange={onValueChange} />);
    expect(trigger('Orders')).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts its buttons in headings of the level asked for', () => {
    render(<Accordion items={items} headingLevel={2} />);

    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Orders', 'Balances', 'Team']);
  });

  it('works from the keyboard: Tab in, arrows between items, Enter to open', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.tab();
    expect(trigger('Orders')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(trigger('Balances')).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(trigger('Balances')).toHaveAttribute('aria-expanded', 'true');
    expect(await axeViolations()).toEqual([]);
  });
});
