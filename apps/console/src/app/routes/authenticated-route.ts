import { signedInAreaRoute } from '@boon/console-kit';
import { SignedInErrorPage } from '../signed-in-error-page';

/**
 * The layout of every signed-in page (sidebar and main content): the console kit's signed-in
 * area, which console apps hang their pages on. Its entry check (signed-in-entry.ts) runs before
 * anything under it loads, on every navigation; when that fails, SignedInErrorPage shows.
 */
export const authenticatedRoute = signedInAreaRoute
  // A session that cannot load (the API down) still shows the shell, with what happened.
  .update({ staticData: { name: 'authenticated' }, errorComponent: SignedInErrorPage })
  .lazy(() => import('./authenticated-layout.lazy').then((module) => module.Route));
