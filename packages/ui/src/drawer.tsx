import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';

/** Spec section 9, "Interface": closing waits this long before the backdrop hides. */
export const DRAWER_CLOSE_DELAY_MS = 500;

export type DrawerDirection = 'top' | 'right';

export interface DrawerProps {
  /** The drawer's heading and accessible name. */
  title: string;
  children?: ReactNode;
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The edge it slides from: the top by default, or the right. */
  direction?: DrawerDirection;
  /** Height for a top drawer, width for a right one, as a CSS length: 100% by default. */
  size?: string;
  className?: string;
}

const panelClasses: Record<DrawerDirection, { open: string; closing: string }> = {
  top: {
    open: 'inset-x-0 top-0 animate-drawer-in-top',
    closing: 'inset-x-0 top-0 -translate-y-full',
  },
  right: {
    open: 'inset-y-0 right-0 max-w-full animate-drawer-in-right',
    closing: 'inset-y-0 right-0 max-w-full translate-x-full',
  },
};

/**
 * A panel sliding in from the top or the right, modal like Dialog (Radix underneath: focus
 * trapped, Escape and the backdrop close it). Closing slides the panel out and keeps the
 * backdrop for 500 ms, then removes both and returns focus.
 */
export function Drawer({
  title,
  children,
  trigger,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  direction = 'top',
  size = '100%',
  className = '',
}: DrawerProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  // Whether it is on screen: still true for the closing wait after `open` turns false.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const closing = shown && !open;

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setShown(false), DRAWER_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const classes = panelClasses[direction];

  return (
    <RadixDialog.Root
      open={shown}
      onOpenChange={(next) => {
        // Escape or a backdrop click while it is already closing changes nothing.
        if (!closing) setOpen(next);
      }}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-drawer-backdrop="" className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-state-closing={closing ? '' : undefined}
          style={direction === 'top' ? { height: size } : { width: size }}
          className={`fixed z-50 flex flex-col bg-surface shadow-xl transition-transform duration-500 motion-reduce:animate-none motion-reduce:transition-none ${closing ? classes.closing : classes.open} ${className}`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-ink">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="-m-1 rounded-md p-1 text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" focusable="false" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-4 text-sm text-ink">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
