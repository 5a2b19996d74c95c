import type { ConsoleAppManifest } from '@boon/console-kit';
import { accountsApp } from '@boon/app-accounts';
import { billingApp } from '@boon/app-billing';
import { ordersApp } from '@boon/app-orders';
import { catalogApp } from '@boon/app-catalog';

/**
 * The console apps of this build (spec 2.5's separately loaded applications). Adding one is a
 * line here: its routes join the tree, its route names become link targets and sidebar entries
 * (app/route-names.ts), and its screens load as its own chunk.
 */
export const consoleApps = [accountsApp, billingApp, catalogApp, ordersApp] as const;

type RouteListKey = 'publicRoutes' | 'signedInRoutes';

/** The apps' routes of one kind, one after another, each keeping its own type. */
type RoutesOf<
  Apps extends readonly ConsoleAppManifest[],
  K extends RouteListKey,
> = Apps extends readonly [
  infer First extends ConsoleAppManifest,
  ...infer Rest extends readonly ConsoleAppManifest[],
]
  ? [...First[K], ...RoutesOf<Rest, K>]
  : [];

/**
 * Every app's routes of one kind, typed route by route (a plain flatMap over apps of different
 * types widens them to unknown), so TanStack Router's typed links see each app's paths.
 */
export function appRoutes<const Apps extends readonly ConsoleAppManifest[], K extends RouteListKey>(
  apps: Apps,
  key: K,
): RoutesOf<Apps, K> {
  return apps.flatMap((app) => app[key]) as unknown as RoutesOf<Apps, K>;
}
