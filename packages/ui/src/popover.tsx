import * as RadixPopover from '@radix-ui/react-popover';
import {
  useEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Long enough to cross the gap from the trigger to the popover without it closing. */
export const POPOVER_HOVER_CLOSE_DELAY_MS = 150;

export interface PopoverProps {
  /** What opens it: a button (or link), which keeps its own props and gains the popover's. */
  trigger: ReactElement;
  /** The popover's accessible name; it is a non-modal dialog. */
  label: string;
  children: ReactNode;
  /** Pointing at the trigger opens it too; a click keeps it open. On by default. */
  openOnHover?: boolean;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * Spec section 4.5: opens on hover or click, closes with Escape or a click outside. Radix
 * provides the dialog semantics, focus return and dismissal; the hover behaviour is added here.
 * Opened by hover it leaves focus where it is, since the user only pointed at something.
 */
export function Popover({
  trigger,
  label,
  children,
  openOnHover = true,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  side = 'bottom',
  align = 'center',
  className = '',
}: PopoverProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const openedByHover = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeSoon = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !openedByHover.current) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, POPOVER_HOVER_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  return (
    <RadixPopover.Root
      open={open}
      onOpenChange={(next) => {
        cancelClose();
        openedByHover.current = false;
        setOpen(next);
      }}
    >
      <RadixPopover.Trigger
        asChild
        onPointerEnter={(event) => {
          // Touch and pen have no hover; a tap is a click.
          if (!openOnHover || event.pointerType !== 'mouse') return;
          cancelClose();
          if (!open) {
            openedByHover.current = true;
            setOpen(true);
          }
        }}
        onPointerLeave={closeSoon}
        onClick={(event) => {
          // Clicking what hovering opened keeps it open, rather than toggling it shut.
          if (open && openedByHover.current) {
            event.preventDefault();
            cancelClose();
            openedByHover.current = false;
          }
        }}
      >
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          className={`z-50 max-w-sm rounded-lg border border-line bg-surface p-4 text-sm text-ink shadow-lg ${className}`}
          onOpenAutoFocus={(event) => {
            if (openedByHover.current) event.preventDefault();
          }}
          onPointerEnter={cancelClose}
          onPointerLeave={closeSoon}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
