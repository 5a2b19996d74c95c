import { Link, useMatches, type StaticDataRouteOption } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { routePath } from '../app/route-names';
import { type BreadcrumbItem, getConsoleConfig } from '@boon/console-kit';

/** A breadcrumb ready to show: an in-console path or an external link. */
type ShownBreadcrumb = { label: string } & ({ to: string } | { href: string });

/**
 * The trail of the current page (spec 2.7): Home, then each route entered that has a title, as
 * its breadcrumb item (label and route name, or external link); the page itself is the last item.
 * Hidden on Home.
 */
/** What the trail needs of a matched route. */
export interface TrailMatch {
  pathname: string;
  staticData: Pick<StaticDataRouteOption, 'name' | 'title' | 'breadcrumb'>;
}

export function breadcrumbTrail(
  matches: readonly TrailMatch[],
  productName: string,
): ShownBreadcrumb[] {
  const pages = matches.filter((match) => match.staticData.title !== undefined);
  if (pages.length === 0 || pages.at(-1)?.staticData.name === 'home') return [];
  const label = (text: string) => text.replace('{product}', productName);
  const trail = pages
    .filter((match) => match.staticData.name !== 'home')
    .flatMap((match): ShownBreadcrumb[] => {
      const item: BreadcrumbItem = match.staticData.breadcrumb ?? {
        label: match.staticData.title ?? '',
        routeName: match.staticData.name,
      };
      if ('href' in item) return [{ label: label(item.label), href: item.href }];
      // The route's own item links to where it matched, its parameters filled in.
      const to =
        item.routeName === match.staticData.name ? match.pathname : routePath(item.routeName);
      return to === undefined ? [] : [{ label: label(item.label), to }];
    });
  return [{ label: 'Home', to: routePath('home') ?? '/' }, ...trail];
}

export function useBreadcrumbs(): ShownBreadcrumb[] {
  return breadcrumbTrail(useMatches(), getConsoleConfig().productName);
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
