import { contactEmails, links } from '@boon/console-kit';
import { LogOutButton } from './log-out-button';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';
import { useOnboardingSnapshot } from './use-onboarding';

/**
 * /onboard/pending-confirmation (spec 2.3): the company waits for staff to verify it, which takes
 * 2 to 4 business days (spec 1). A declined company is told so, with whom to contact.
 */
export function PendingConfirmationPage() {
  const { data: onboarding } = useOnboardingSnapshot();
  const pending = onboarding?.pendingCustomer ?? null;
  const companyName = pending?.companyName ?? 'your company';

  if (pending?.approvalStatus === 'DECLINED') {
    return (
      <OnboardingPanel title={`We couldn't approve ${companyName}`}>
        <p>
          We reviewed your request for a company account and could not approve it. If you think this
          is a mistake, or your company&apos;s details have changed, write to{' '}
          <a href={links.complianceContact} className={textLinkClasses}>
            {contactEmails.compliance}
          </a>
          .
        </p>
        <div>
          <LogOutButton />
        </div>
      </OnboardingPanel>
    );
  }

  return (
    <OnboardingPanel title="Thanks! We're verifying your company">
      <p>
        We&apos;re verifying <strong className="font-semibold text-ink">{companyName}</strong>.
        Verification takes 2 to 4 business days.
      </p>
      <p>
        We&apos;ll e-mail you
        {onboarding?.email ? (
          <>
            {' '}
            at <strong className="font-semibold text-ink">{onboarding.email}</strong>
          </>
        ) : null}{' '}
        as soon as your account is ready. Questions in the meantime? Write to{' '}
        <a href={links.supportContact} className={textLinkClasses}>
          {contactEmails.support}
        </a>
        .
      </p>
      <div>
        <LogOutButton />
      </div>
    </OnboardingPanel>
  );
}
