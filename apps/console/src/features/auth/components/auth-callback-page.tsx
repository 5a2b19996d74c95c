import { Button, FullPageMessage } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { classifyCallbackFailure, verifyEmailPath } from '../../../auth/callback-error';
import { useAuth, getConsoleConfig } from '@boon/console-kit';
import { clearLocalState } from '../../../state/clear-local-state';

/**
 * /auth/callback: completes the provider's redirect, then opens the page the user originally
 * asked for. A failure is logged, then (spec 4.2, 8): an unverified address goes to verify-email
 * with the address, a blocked user is told so and logged out, an invalid state or "login
 * required" restarts login, and anything else logs the user out.
 */
export function AuthCallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState(false);
  // The authorisation code is single-use: a second exchange would fail and log the user out.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth.completeSignIn().then(
      ({ returnTo }) => navigate({ href: returnTo, replace: true }),
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        const failure = classifyCallbackFailure(error);
        switch (failure.action) {
          case 'verify-email':
            return navigate({ href: verifyEmailPath(failure.email), replace: true });
          case 'blocked':
            // Nothing of an earlier session stays on this device while the message shows; the
            // button then ends the provider's session too, as /logout always does.
            clearLocalState();
            queryClient.clear();
            setBlocked(true);
            return undefined;
          case 'restart-login':
            return navigate({ to: '/login', replace: true });
          case 'logout':
            return navigate({ to: '/logout', replace: true });
        }
      },
    );
  }, [auth, navigate, queryClient]);

  if (blocked) {
    const { productName } = getConsoleConfig();
    return (
      <FullPageMessage title="Your account is blocked">
        <p role="alert">
          Your account is blocked, so you can't sign in to {productName}. If you think this is a
          mistake, ask an admin of your company or {productName} support to unblock it.
        </p>
        <Button onClick={() => void navigate({ to: '/logout', replace: true })}>Log out</Button>
      </FullPageMessage>
    );
  }
  return <FullPageMessage title="Just logging you in…" busy />;
}
