import type { AnyRoute } from '@tanstack/react-router';

/**
 * What a console app gives the shell: its route subtree, hung on the mount points. The routes
 * themselves are small (path, name, metadata, search validation); their components load lazily,
 * so the manifest rides in the shell's entry while the app's screens stay in the app's chunk.
 * Declare a manifest with `satisfies ConsoleAppManifest`, so the route types (and with them
 * TanStack Router's typed links) survive into the composed tree.
 */
export interface ConsoleAppManifest {
  /** The app's name, one of spec 2.5's separately loaded applications. */
  name: string;
  /** Children of `consoleRootRoute`: pages outside the signed-in layout. */
  publicRoutes: readonly AnyRoute[];
  /** Children of `signedInAreaRoute`: pages in the signed-in layout. */
  signedInRoutes: readonly AnyRoute[];
}
