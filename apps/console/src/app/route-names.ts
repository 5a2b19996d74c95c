import { cleanPath, trimPathLeft, trimPathRight, type AnyRoute } from '@tanstack/react-router';
import { routeTree } from './route-tree';

/**
 * The path of every named route of a tree, as TanStack Router builds it (a pathless layout adds
 * nothing; an index route is its parent's path). Read from the route objects' options, so it
 * holds before any router is made. Routes without a path of their own (layouts) are not link
 * targets and are left out.
 */
export function routePathsByName(tree: AnyRoute): ReadonlyMap<string, string> {
  const paths = new Map<string, string>();
  const visit = (route: AnyRoute, parentPath: string) => {
    const { path, staticData } = route.options as {
      path?: string;
      staticData?: { name?: string };
    };
    const ownPath = path === undefined || path === '/' ? path : trimPathLeft(path);
    const fullPath = ownPath === undefined ? parentPath : cleanPath(`${parentPath}/${ownPath}`);
    const name = staticData?.name;
    if (path !== undefined && name !== undefined) {
      if (paths.has(name)) throw new Error(`Two routes are named "${name}"`);
      paths.set(name, trimPathRight(fullPath) || '/');
    }
    for (const child of (route.children ?? []) as AnyRoute[]) visit(child, fullPath);
  };
  visit(tree, '/');
  return paths;
}

/**
 * Paths of the named routes of this build: the shell's and every console app's, derived from the
 * composed tree. A sidebar entry whose route is not in the build (its app not yet built) is
 * hidden, so adding an app edits no list here.
 */
const routePaths = routePathsByName(routeTree);

export function routePath(routeName: string): string | undefined {
  return routePaths.get(routeName);
}

export function isRouteAvailable(routeName: string): boolean {
  return routePaths.has(routeName);
}
