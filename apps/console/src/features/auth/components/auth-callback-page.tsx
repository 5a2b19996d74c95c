import { FullPageMessage } from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { callbackFailureAction } from '../../../auth/callback-error';
import { useAuth } from '../../../auth/use-auth';

/**
 * /auth/callback: completes the provider's redirect, then opens the page the user originally
 * asked for. A failure is logged, then login restarts or the user is logged out (spec 4.2).
 */
export function AuthCallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  // The authorisation code is single-use: a second exchange would fail and log the user out.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth.completeSignIn().then(
      ({ returnTo }) => navigate({ href: returnTo, replace: true }),
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        const to = callbackFailureAction(error) === 'restart-login' ? '/login' : '/logout';
        return navigate({ to, replace: true });
      },
    );
  }, [auth, navigate]);

  return <FullPageMessage title="Just logging you in…" busy />;
}
