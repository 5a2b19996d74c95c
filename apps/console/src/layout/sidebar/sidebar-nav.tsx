import { visibleSidebarEntries, type SidebarEntry } from '@boon/domain';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { track } from '../../analytics/analytics';
import { isRouteAvailable, routePath } from '../../app/route-names';
import { getConsoleConfig } from '@boon/console-kit';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { sidebarIcon, sidebarIcons } from './sidebar-icons';

export interface SidebarFlags {
  balancesEnabled: boolean;
  fxEnabled: boolean;
}

/** The entries this user sees now (spec 2.1), from the global state; one pure rule decides. */
export function useVisibleSidebarEntries(customer: SidebarFlags | null): SidebarEntry[] {
  const state = useAppStore();
  const featureToggles = useFeatureToggleStore((s) => s.toggles);
  return visibleSidebarEntries(
    {
      isStaff: state.isUserStaff,
      customerId: state.customerId,
      featureToggles,
      permissions: state.userPermissions,
      playgroundMode: state.playgroundMode,
      customer,
    },
    undefined,
    isRouteAvailable,
  );
}

const linkClasses =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50';
const activeProps = { className: 'bg-brand-50 text-brand-800', 'aria-current': 'page' as const };

function displayName(entry: SidebarEntry): string {
  return entry.displayName.replace('{product}', getConsoleConfig().productName);
}

/** The optional BETA badge and red "new" tag of an entry (spec 2.1). */
export function EntryTags({ entry }: { entry: SidebarEntry }) {
  return (
    <>
      {entry.badge ? (
        <span className="ml-auto rounded bg-brand-100 px-1.5 py-0.5 text-[0.65rem] font-semibold tracking-wide text-brand-800">
          {entry.badge}
        </span>
      ) : null}
      {entry.isNew ? (
        <span className="ml-auto rounded bg-danger px-1.5 py-0.5 text-[0.65rem] font-semibold text-white">
          new
        </span>
      ) : null}
    </>
  );
}

function EntryLink({ entry, nested = false }: { entry: SidebarEntry; nested?: boolean }) {
  const Icon = nested ? undefined : sidebarIcons[entry.routeName];
  if (!nested && !Icon) sidebarIcon(entry.routeName);
  const to = routePath(entry.routeName) ?? '/';
  return (
    <Link
      to={to}
      activeOptions={{ exact: to === '/' }}
      className={`${linkClasses} ${nested ? 'pl-10' : ''}`}
      activeProps={activeProps}
      onClick={() => track(entry.trackingEvent)}
    >
      {Icon ? <Icon className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
      <span>{displayName(entry)}</span>
      <EntryTags entry={entry} />
    </Link>
  );
}

function EntryGroup({
  entry,
  open,
  onToggle,
}: {
  entry: SidebarEntry;
  open: boolean;
  onToggle(): void;
}) {
  const listId = useId();
  const Icon = sidebarIcons[entry.routeName];
  if (!Icon) sidebarIcon(entry.routeName);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (!open) track(entry.trackingEvent);
          onToggle();
        }}
        className={`${linkClasses} w-full text-left`}
      >
        {Icon ? <Icon className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
        <span>{displayName(entry)}</span>
        <EntryTags entry={entry} />
        <ChevronDown
          className={`ml-auto h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {/* Spec 9: the accordion list grows up to 1000 px. */}
      <ul
        id={listId}
        hidden={!open}
        className="mt-1 flex max-h-[1000px] flex-col gap-1 overflow-hidden"
      >
        {entry.children?.map((child) => (
          <li key={child.routeName}>
            <EntryLink entry={child} nested />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The sidebar's entries. Groups are an accordion: opening one closes the others unless it allows
 * several open at once; the group holding the current page starts open.
 */
export function SidebarNav({ customer }: { customer: SidebarFlags | null }) {
  const entries = useVisibleSidebarEntries(customer);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const holdsCurrentPage = (entry: SidebarEntry) =>
    entry.children?.some((child) => {
      const path = routePath(child.routeName);
      return path !== undefined && (pathname === path || pathname.startsWith(`${path}/`));
    }) ?? false;
  const [open, setOpen] = useState<string[]>(() =>
    entries.filter(holdsCurrentPage).map((entry) => entry.routeName),
  );

  const toggle = (entry: SidebarEntry) =>
    setOpen((current) => {
      if (current.includes(entry.routeName)) return current.filter((n) => n !== entry.routeName);
      if (entry.allowMultipleOpen) return [...current, entry.routeName];
      const keep = current.filter(
        (name) => entries.find((e) => e.routeName === name)?.allowMultipleOpen,
      );
      return [...keep, entry.routeName];
    });

  return (
    <nav aria-label="Main" className="flex-1">
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => (
          <li key={entry.routeName}>
            {entry.children ? (
              <EntryGroup
                entry={entry}
                open={open.includes(entry.routeName)}
                onToggle={() => toggle(entry)}
              />
            ) : (
              <EntryLink entry={entry} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
