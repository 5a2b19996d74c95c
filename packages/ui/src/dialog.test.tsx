import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';
import { axeViolations } from './testing';

function overlay(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-dialog-overlay]');
  if (!element) throw new Error('no overlay');
  return element;
}

/** A dialog opened by a button, as pages use it. */
function Harness(props: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Remove team member?"
      trigger={<Button>Remove</Button>}
      open={open}
      onOpenChange={setOpen}
      {...props}
    >
      <p>They lose access at once.</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from its trigger with focus inside and closes with the "Close" icon, focus returning', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Remove' });

    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Remove team member?' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(dialog).toHaveClass('max-w-[626px]');

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on an overlay click and on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(overlay());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers yes and no actions with their own labels', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    const onNo = vi.fn();
    render(<Dialog title="Leave?" defaultOpen onYes={onYes} onNo={onNo} yesLabel="Leave" />);

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(onYes).toHaveBeenCalledTimes(1);
    expect(onNo).toHaveBeenCalledTimes(1);
  });

  it('has no actions unless given', () => {
    render(<Dialog title="Details" defaultOpen />);

    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Close']);
  });

  it('when not dismissible, only its actions close it: no close icon, Escape and overlay do nothing', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Consent() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          title="Your Privacy Matters to Us"
          dismissible={false}
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          yesLabel="Accept"
          onYes={() => setOpen(false)}
          noLabel="Decline"
          onNo={() => setOpen(false)}
        />
      );
    }
    render(<Consent />);

    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(overlay());
    expect(screen.getByRole('dialog', { name: 'Your Privacy Matters to Us' })).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Behind</button>
        <Dialog title="Leave?" defaultOpen onYes={() => {}} onNo={() => {}} />
      </>,
    );
    const dialog = screen.getByRole('dialog');

    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('has no accessibility violations when open', async () => {
    render(
      <Dialog
        title="Leave?"
        description="Unsaved changes are lost."
        defaultOpen
        onYes={() => {}}
        onNo={() => {}}
      >
        <p>Your draft order is kept for a day.</p>
      </Dialog>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
