import { useCallback } from 'react';
import { storeInviteToken } from '@boon/console-kit';
import { SignUpHandOff } from './sign-up-hand-off';
import { useNoIndex } from './use-no-index';

export interface InviteLinkPageProps {
  /** The invited address, the sign-up screen's hint. */
  email?: string | undefined;
  /** The invite's token, kept until the user has an account to accept it with. */
  token?: string | undefined;
}

/**
 * /invite-link (spec 2.2), the link of an invite mail: keeps the invite's token, then opens the
 * provider's sign-up screen for the invited address. Onboarding accepts the invite afterwards.
 * The link carries a secret token, so search engines are kept away from it too.
 */
export function InviteLinkPage({ email, token }: InviteLinkPageProps) {
  useNoIndex();
  const keepToken = useCallback(() => {
    if (token) storeInviteToken(token);
  }, [token]);
  return <SignUpHandOff title="Please wait…" email={email} beforeHandOff={keepToken} forInvite />;
}
