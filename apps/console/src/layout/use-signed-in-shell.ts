import { useRouteContext } from '@tanstack/react-router';
import type { SignedInShell } from '../app/signed-in-shell';

/** The signed-in shell the layout's guard loaded (API client, session, customer switching). */
export function useSignedInShell(): SignedInShell {
  return useRouteContext({ from: '/authenticated', select: (context) => context.shell });
}
