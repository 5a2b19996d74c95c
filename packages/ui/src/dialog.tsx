import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';

/** Spec section 9, "Interface": dialogs (the consent modal among them) are at most 626 px wide. */
export const DIALOG_MAX_WIDTH_PX = 626;

export interface DialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** An element that opens it, e.g. a button; or control it with open and onOpenChange. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** With onYes, a primary "Yes" action (or this label). The caller closes the dialog. */
  yesLabel?: string;
  onYes?: () => void;
  yesDisabled?: boolean;
  /** With onNo, a secondary "No" action (or this label). The caller closes the dialog. */
  noLabel?: string;
  onNo?: () => void;
  /**
   * False for a decision that must be made, such as the consent modal: no close icon, and
   * Escape and clicks on the overlay do nothing, so only the actions close it.
   */
  dismissible?: boolean;
  className?: string;
}

/**
 * A modal dialog on Radix: focus moves in and is trapped, the page behind is inert, and focus
 * returns to where it was on closing. Spec section 4.5: the overlay and the close icon close it.
 */
export function Dialog({
  title,
  description,
  children,
  trigger,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  yesLabel = 'Yes',
  onYes,
  yesDisabled = false,
  noLabel = 'No',
  onNo,
  dismissible = true,
  className = '',
}: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const refuseDismissal = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-dialog-overlay="" className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          // Radix warns when a dialog has no description; saying so explicitly is the documented way.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-[626px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-surface p-6 shadow-xl ${className}`}
          onEscapeKeyDown={refuseDismissal}
          onPointerDownOutside={refuseDismissal}
          onInteractOutside={refuseDismissal}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-ink">
              {title}
            </RadixDialog.Title>
            {dismissible ? (
              <RadixDialog.Close
                aria-label="Close"
                className="-m-1 rounded-md p-1 text-ink-muted hover:bg-surface-muted hover:text-ink"
              >
                <X aria-hidden="true" focusable="false" className="h-5 w-5" />
              </RadixDialog.Close>
            ) : null}
          </div>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-ink-muted">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children ? <div className="mt-4 text-sm text-ink">{children}</div> : null}
          {onYes || onNo ? (
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              {onNo ? (
                <Button variant="secondary" onClick={onNo}>
                  {noLabel}
                </Button>
              ) : null}
              {onYes ? (
                <Button onClick={onYes} disabled={yesDisabled}>
                  {yesLabel}
                </Button>
              ) : null}
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
