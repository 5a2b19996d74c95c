import { FullPageMessage } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@boon/console-kit';
import { clearLocalState } from '../../../state/clear-local-state';

/**
 * /logout: forgets the user's local state and cached data, then ends the provider's session,
 * which returns to the console's origin (spec 4.2).
 */
export function LogoutPage() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearLocalState();
    queryClient.clear();
    auth.signOut(`${window.location.origin}/`).catch((error: unknown) => {
      // The local session is gone already; without the provider, start over from the origin.
      console.error('Could not end the provider session', error);
      window.location.assign('/');
    });
  }, [auth, queryClient]);

  return <FullPageMessage title="Logging you out…" busy />;
}
