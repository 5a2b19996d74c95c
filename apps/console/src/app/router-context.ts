import type { ConsoleRouterContext } from '@boon/console-kit';
import type { SessionSnapshot } from '../session/signed-in-session';
import type { SignedInShell } from './signed-in-shell';

/** What the router knows of the navigation in progress, for the guards' first-navigation rules. */
export interface NavigationState {
  /** The page shown before this navigation; null on the first. */
  previousHref: string | null;
  /** Whether a signed-in page has been shown in this tab yet (sign-in pages do not count). */
  signedInPageShown: boolean;
  /** The query parameters of the page shown, and whether it is a keep-params step. */
  previousSearch: Record<string, unknown>;
  previousKeepParams: boolean;
}

/** What every route's `beforeLoad` and loader receive (typed root context). */
export type RouterContext = ConsoleRouterContext;

// The shell's own layout reads the signed-in half of the shell from the route context; console
// apps see only the kit's part of it.
declare module '@boon/console-kit' {
  interface SignedInAreaContext {
    /** The signed-in part of the shell (session, customer switching), loaded on first use. */
    shell: SignedInShell;
    session: SessionSnapshot;
  }
}
