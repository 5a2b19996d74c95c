import { setOnboardingFlag } from '@boon/console-kit';
import { SignUpHandOff } from './sign-up-hand-off';
import { useNoIndex } from './use-no-index';

/**
 * /signup (spec 2.2): the provider's sign-up screen, with the email query as hint; not indexed.
 * It is not an invite's sign-up, so it is someone setting up a company: the onboarding flag is set
 * here as /onboarding-link sets it (the provider also records it with the new user).
 */
export function SignupPage({ email }: { email?: string | undefined }) {
  useNoIndex();
  return <SignUpHandOff title="Let's signup…" email={email} beforeHandOff={setOnboardingFlag} />;
}
