import { publicEmailHosts } from '@boon/domain';
import { Button } from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';
import { requestSignupAfterLogout } from '@boon/console-kit';
import { OnboardingPanel } from './onboarding-panel';
import { useOnboardingSnapshot } from './use-onboarding';

/**
 * /onboard/personal-email-restriction (spec 2.3): a company account needs a company address, and
 * the user signed up with a personal one (the public hosts of decisions.md). "Sign up with another
 * e-mail" logs out, then opens /signup.
 */
export function PersonalEmailRestrictionPage() {
  const navigate = useNavigate();
  const { data: onboarding } = useOnboardingSnapshot();

  const signUpAgain = () => {
    requestSignupAfterLogout();
    void navigate({ to: '/logout' });
  };

  return (
    <OnboardingPanel title="Use your company e-mail address">
      <p>
        To create a company account, sign up with your work e-mail address
        {onboarding?.email ? (
          <>
            {' '}
            instead of <strong className="font-semibold text-ink">{onboarding.email}</strong>
          </>
        ) : null}
        . Personal e-mail addresses from these providers can&apos;t be used:
      </p>
      <ul className="grid list-disc grid-cols-2 gap-x-6 gap-y-1 pl-5 text-sm sm:grid-cols-3">
        {publicEmailHosts.map((host) => (
          <li key={host}>{host}</li>
        ))}
      </ul>
      <p>If your company already uses us, ask a colleague to invite you instead.</p>
      <div>
        <Button onClick={signUpAgain}>Sign up with another e-mail</Button>
      </div>
    </OnboardingPanel>
  );
}
