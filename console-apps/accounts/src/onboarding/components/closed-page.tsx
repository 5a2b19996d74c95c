import { contactEmails, links } from '@boon/console-kit';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';

/** /onboard/closed (spec 2.3, public): the account the user signed in to is closed. */
export function ClosedPage() {
  return (
    <OnboardingPanel title="This account is closed">
      <p>
        You can no longer use this account. If you think this is a mistake, write to{' '}
        <a href={links.supportContact} className={textLinkClasses}>
          {contactEmails.support}
        </a>
        .
      </p>
    </OnboardingPanel>
  );
}
