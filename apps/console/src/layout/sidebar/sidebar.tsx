import { Logo, MAIN_CONTENT_ID } from '@boon/ui';
import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { getConsoleConfig, useCustomers } from '@boon/console-kit';
import { EnvironmentMarker } from '../banners/environment-marker';
import { SandboxLabel } from '../banners/sandbox-label';
import { TicketLinkMarker } from '../banners/ticket-link-marker';
import { useAppStore } from '@boon/console-kit/shell';
import { CreateRewardButton } from './create-reward-button';
import { SidebarCustomerSwitcher } from './sidebar-customer-switcher';
import { SidebarFooter } from './sidebar-footer';
import { SidebarNav } from './sidebar-nav';

/** Below Tailwind's md breakpoint, where the sidebar folds behind the menu button. */
const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * Whether the screen is phone-sized. The company is named in the top bar only then, so the page
 * never holds two copies of it at once on a wide screen.
 */
function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = globalThis.matchMedia?.(PHONE_QUERY);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(PHONE_QUERY).matches ?? false,
    () => false,
  );
}

/**
 * The left sidebar of signed-in pages (spec 2.1): logo linking home, customer switcher, the
 * "create new reward" button, entries, and the footer. 230, 260 and 270 px wide by breakpoint; on
 * small screens it folds behind a menu button and closes again after each navigation.
 */
export function Sidebar() {
  const { productName } = getConsoleConfig();
  const customers = useCustomers();
  const customerId = useAppStore((state) => state.customerId);
  const current = customers.data?.find((c) => c.customerId === customerId);
  const phone = useIsPhone();
  const flags = current?.customerFeatureFlags;
  // Outside the folding panel, so a switch made in the menu is heard even once the menu closes.
  const [announcement, setAnnouncement] = useState('');
  const panelId = useId();
  const href = useRouterState({ select: (state) => state.location.href });
  // The menu is open for the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === href;
  // A link followed from the open menu hides the menu, and the focus with it: it moves to the
  // new page's content instead of falling back to the start of the document.
  const followedFromMenu = useRef(false);
  useEffect(() => {
    if (!followedFromMenu.current) return;
    followedFromMenu.current = false;
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, [href]);

  return (
    <header className="border-b border-line bg-surface md:sticky md:top-0 md:flex md:h-screen md:w-[230px] md:shrink-0 md:flex-col md:overflow-y-auto md:border-r md:border-b-0 lg:w-[260px] xl:w-[270px]">
      <div className="flex items-center justify-between gap-4 px-4 py-4 md:py-5">
        <Link to="/" aria-label={`${productName} home`} className="shrink-0 rounded-md">
          <Logo productName={productName} />
        </Link>
        {/* On a phone the switcher is folded away: the company being worked in stays in sight. */}
        {current && phone ? (
          <p className="flex min-w-0 flex-1 flex-col items-end text-right md:hidden">
            <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">
              Customer
            </span>
            <span className="max-w-full truncate text-sm font-semibold text-ink">
              {current.customerName}
            </span>
          </p>
        ) : null}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        <button
          type="button"
          className="shrink-0 rounded-md p-2 text-ink hover:bg-brand-50 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setOpenOn(menuOpen ? null : href)}
        >
          {menuOpen ? (
            <X className="h-5 w-5" aria-hidden="true" />
          ) : (
            <Menu className="h-5 w-5" aria-hidden="true" />
          )}
          <span className="sr-only">Menu</span>
        </button>
      </div>
      <div
        id={panelId}
        onClickCapture={(event) => {
          if (menuOpen && (event.target as Element).closest('a')) followedFromMenu.current = true;
        }}
        className={`${menuOpen ? 'flex' : 'hidden'} flex-1 flex-col gap-6 px-4 pb-5 md:flex`}
      >
        <div className="flex flex-wrap items-center gap-2 empty:hidden">
          <EnvironmentMarker />
          <SandboxLabel />
          <TicketLinkMarker />
        </div>
        <SidebarCustomerSwitcher customers={customers} announce={setAnnouncement} />
        <CreateRewardButton customersSettled={!customers.isPending} />
        <SidebarNav
          customer={flags ? { balancesEnabled: flags.balances.enabled, fxEnabled: flags.fx } : null}
        />
        <SidebarFooter />
      </div>
    </header>
  );
}
