import { Button, FullPageMessage } from '@boon/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@boon/console-kit';

export interface LoginPageProps {
  /** Passed to the provider as login_hint (spec 2.2). */
  email?: string | undefined;
  /** Where to go once signed in. */
  returnTo?: string | undefined;
}

/** /login: hands the user to the identity provider straight away (spec 2.2). */
export function LoginPage({ email, returnTo }: LoginPageProps) {
  const auth = useAuth();
  const [failed, setFailed] = useState(false);
  // React's development double effect must not start two redirects with two PKCE states.
  const started = useRef(false);

  const signIn = useCallback(() => {
    setFailed(false);
    auth.signIn({ loginHint: email, returnTo }).catch((error: unknown) => {
      console.error('Could not start sign-in', error);
      setFailed(true);
    });
  }, [auth, email, returnTo]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn();
  }, [signIn]);

  if (failed) {
    return (
      <FullPageMessage title="We couldn't reach the sign-in service">
        <p>Check your connection and try again.</p>
        <Button onClick={signIn}>Try again</Button>
      </FullPageMessage>
    );
  }
  return <FullPageMessage title="Logging you in…" busy />;
}
