import { INVITE_VALIDITY_DAYS } from '@boon/contracts';
import { LogOutButton } from './log-out-button';
import { OnboardingPanel } from './onboarding-panel';

/** /onboard/invite-expired (spec 2.3): the invite link the user followed cannot be used. */
export function InviteExpiredPage() {
  return (
    <OnboardingPanel title="This invite has expired or is no longer valid">
      <p>
        Invites work for {INVITE_VALIDITY_DAYS} days, and only until they are revoked. Ask the
        person who invited you to send you a new one, then open the link in the new e-mail.
      </p>
      <div>
        <LogOutButton />
      </div>
    </OnboardingPanel>
  );
}
