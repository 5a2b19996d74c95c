import { Link } from '@tanstack/react-router';
import { sidebarItems } from './sidebar-items';

/** The sidebar's entries; the current page is marked with aria-current by the router's Link. */
export function SidebarNav() {
  return (
    <nav aria-label="Main" className="flex-1">
      <ul className="flex flex-col gap-1">
        {sidebarItems.map(({ name, label, to, icon: Icon }) => (
          <li key={name}>
            <Link
              to={to}
              activeOptions={{ exact: true }}
              className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50"
              activeProps={{ className: 'bg-brand-50 text-brand-800' }}
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
