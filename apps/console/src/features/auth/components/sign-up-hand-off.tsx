import { Button, FullPageMessage } from '@boon/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@boon/console-kit';

export interface SignUpHandOffProps {
  /** The page's text while the provider's sign-up screen opens. */
  title: string;
  /** Pre-fills the provider's sign-up form. */
  email?: string | undefined;
  /** Runs once before the hand-off (e.g. keeping an invite token for after sign-up). */
  beforeHandOff?: () => void;
  /** The person joins through an invite rather than setting up a company. */
  forInvite?: boolean;
}

/** Hands the user to the provider's sign-up screen straight away, with a retry if it fails. */
export function SignUpHandOff({
  title,
  email,
  beforeHandOff,
  forInvite = false,
}: SignUpHandOffProps) {
  const auth = useAuth();
  const [failed, setFailed] = useState(false);
  // React's development double effect must not start two redirects with two PKCE states.
  const started = useRef(false);

  const signUp = useCallback(() => {
    setFailed(false);
    auth.signup(email, { forInvite }).catch((error: unknown) => {
      console.error('Could not start sign-up', error);
      setFailed(true);
    });
  }, [auth, email, forInvite]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    beforeHandOff?.();
    signUp();
  }, [beforeHandOff, signUp]);

  if (failed) {
    return (
      <FullPageMessage title="We couldn't reach the sign-up service">
        <p>Check your connection and try again.</p>
        <Button onClick={signUp}>Try again</Button>
      </FullPageMessage>
    );
  }
  return <FullPageMessage title={title} busy />;
}
