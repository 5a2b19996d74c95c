import type { RouteMeta } from '@boon/domain';

/**
 * A breadcrumb item (spec 2.7): a label and either a route name or an external link. `{product}`
 * in a label stands for the product name (e.g. "{product} Shop").
 */
export type BreadcrumbItem = { label: string } & ({ routeName: string } | { href: string });

// Declared here rather than in the shell because console apps define routes too: every route of
// the composed tree carries the same metadata, which guards, breadcrumbs, the sidebar and
// analytics read. The shell derives paths from the names (app/route-names.ts), so no list of
// names is kept by hand.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The spec's route name (2.1–2.5), unique in the composed tree. */
    name: string;
    /** The page title: the document title's first part and the page's breadcrumb label. */
    title?: string;
    /** The page's breadcrumb when it is not its title and route (an external link, say). */
    breadcrumb?: BreadcrumbItem;
    /** The spec's route metadata (section 3), read by the guard chain (section 5). */
    meta?: RouteMeta;
    /** Scroll to the top on entering (spec 2.7: "some steps scroll to top"). */
    scrollToTop?: boolean;
    /** The page and those below it show without the sidebar (spec 2.4: /order). */
    hideSidebar?: boolean;
  }
}
