import { Link, useMatches } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { routePaths } from '../app/route-paths';
import type { BreadcrumbItem } from '../app/static-data';
import { getConsoleConfig } from '../config';

/**
 * The trail of the current page (spec 2.7): Home, then the title of each route entered, as
 * links to their route (or an external link) except the page itself. Hidden on Home.
 */
export function useBreadcrumbs(): BreadcrumbItem[] {
  const matches = useMatches();
  const { productName } = getConsoleConfig();
  const titled = matches.filter((match) => match.staticData.title !== undefined);
  if (titled.length === 0 || titled.at(-1)?.staticData.name === 'home') return [];
  return [
    { label: 'Home', to: routePaths.home ?? '/' },
    ...titled
      .filter((match) => match.staticData.name !== 'home')
      .map((match) => ({
        label: (match.staticData.title ?? '').replace('{product}', productName),
        to: match.pathname,
      })),
  ];
}

export function Breadcrumbs() {
  const items = useBreadcrumbs();
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-ink">
                  {item.label}
                </span>
              ) : 'href' in item ? (
                <a href={item.href} className="hover:text-ink hover:underline">
                  {item.label}
                </a>
              ) : (
                <Link to={item.to} className="hover:text-ink hover:underline">
                  {item.label}
                </Link>
              )}
              {last ? null : <ChevronRight className="h-3.5 w-3.5" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
