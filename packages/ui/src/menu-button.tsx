import { ChevronDown } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';

export interface MenuItem {
  /** What the item says. */
  label: string;
  /** Its name for assistive technology when the label alone is ambiguous ("Remove Ada Lovelace"). */
  accessibleLabel?: string;
  onSelect: () => void;
  /** A destructive item reads in the danger colour. */
  tone?: 'default' | 'danger';
}

export interface MenuButtonProps {
  /** The button's text. */
  label: string;
  /** The button's name for assistive technology; must start with, or contain, the label. */
  accessibleLabel?: string;
  items: readonly MenuItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}

type Opening = { focus: 'first' | 'last' } | null;

/**
 * A menu button (WAI-ARIA APG "Menu Button"): a button with aria-haspopup="menu" opening a list of
 * actions. Enter, Space, a click or Down Arrow open it on the first item, Up Arrow on the last; in the menu
 * the arrows move (wrapping), Home and End jump, a letter jumps to the next item starting with it,
 * Escape closes it and puts focus back on the button, and Tab closes it and moves on from the
 * button. Choosing an item closes the menu and puts focus on the button before the item's action
 * runs, so a dialog the action opens knows where to return focus to.
 *
 * Written here rather than taken from Radix's DropdownMenu: a Radix menu hands focus back to its
 * trigger only after its own close animation frame, which fights a dialog opened by the item for
 * focus; this one finishes with focus on the button, synchronously.
 */
export function MenuButton({
  label,
  accessibleLabel,
  items,
  align = 'end',
  className = '',
}: MenuButtonProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const [opening, setOpening] = useState<Opening>(null);
  const [openUpwards, setOpenUpwards] = useState(false);
  const open = opening !== null;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const menuItems = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpening(null);
    if (returnFocus) button.current?.focus();
  }, []);

  // On opening: focus the item asked for, and open upwards when the menu would run past the
  // bottom of the window while there is room above (the last rows of a long list on a phone).
  useLayoutEffect(() => {
    if (!opening || !menu.current || !button.current) return;
    const below = window.innerHeight - button.current.getBoundingClientRect().bottom;
    const above = button.current.getBoundingClientRect().top;
    const height = menu.current.getBoundingClientRect().height;
    setOpenUpwards(height > below && above > below);
    const all = menuItems();
    (opening.focus === 'first' ? all[0] : all.at(-1))?.focus();
  }, [opening]);

  // A press anywhere else closes the menu and leaves focus where the press put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const choose = (item: MenuItem) => {
    close(true);
    item.onSelect();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space are the button's own click, below.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpening({ focus: 'first' });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpening({ focus: 'last' });
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
      case 'PageUp':
        focusAt(0);
        break;
      case 'End':
      case 'PageDown':
        focusAt(all.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        // Focus goes to the button first, so the browser's own Tab moves on from there.
        close(true);
        return;
      case 'Enter':
      case ' ': {
        const item = items[current];
        if (item) choose(item);
        break;
      }
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLocaleLowerCase();
        const next = [...all.slice(current + 1), ...all.slice(0, current + 1)].find((element) =>
          element.textContent?.trim().toLocaleLowerCase().startsWith(letter),
        );
        next?.focus();
      }
    }
    event.preventDefault();
  };

  return (
    <div className={`relative inline-flex ${className}`}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={accessibleLabel}
        className="inline-flex items-center justify-center gap-1 rounded-md border border-line bg-surface px-3 py-2 text-sm font-medium text-ink transition-colors hover:bg-surface-muted"
        onKeyDown={onButtonKeyDown}
        onClick={() => (open ? close(true) : setOpening({ focus: 'first' }))}
      >
        {label}
        <ChevronDown aria-hidden="true" focusable="false" className="h-4 w-4" />
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={`absolute z-30 flex min-w-44 flex-col rounded-md border border-line bg-surface py-1 shadow-lg ${
            align === 'end' ? 'right-0' : 'left-0'
          } ${openUpwards ? 'bottom-full mb-1' : 'top-full mt-1'}`}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus leaving for somewhere outside (a click elsewhere, a screen reader's cursor).
            const next = event.relatedTarget as Node | null;
            if (next && !menu.current?.contains(next) && next !== button.current) close(false);
          }}
        >
          {items.map((item) => (
            // The menu handles the keys of all its items (onMenuKeyDown), as the pattern has it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              aria-label={item.accessibleLabel}
              className={`cursor-pointer px-4 py-2 text-left text-sm whitespace-nowrap hover:bg-brand-50 focus:bg-brand-50 ${
                item.tone === 'danger' ? 'text-danger' : 'text-ink'
              }`}
              onClick={() => choose(item)}
            >
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
