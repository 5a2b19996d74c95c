import { Logo } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { getConsoleConfig } from '../../config';
import { SidebarCustomerSwitcher } from './sidebar-customer-switcher';
import { SidebarFooter } from './sidebar-footer';
import { SidebarNav } from './sidebar-nav';

/**
 * The left sidebar of signed-in pages (spec 2.1): logo linking home, customer switcher, entries,
 * and the footer. 230, 260 and 270 px wide by breakpoint; above the content on narrow screens.
 */
export function Sidebar() {
  const { productName } = getConsoleConfig();
  return (
    <header className="flex flex-col gap-6 border-b border-line bg-surface px-4 py-5 md:sticky md:top-0 md:h-screen md:w-[230px] md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0 lg:w-[260px] xl:w-[270px]">
      <Link to="/" aria-label={`${productName} home`} className="self-start rounded-md">
        <Logo productName={productName} />
      </Link>
      <SidebarCustomerSwitcher />
      <SidebarNav />
      <SidebarFooter />
    </header>
  );
}
