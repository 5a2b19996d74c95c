import { Button } from '@boon/ui';
import { getConsoleConfig, links, setOnboardingFlag } from '@boon/console-kit';
import { LogOutButton } from './log-out-button';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';
import { useContinueOnboarding, useOnboardingSnapshot } from './use-onboarding';

/**
 * /onboard/book-a-demo: where spec 4.1 sends a signed-in person it cannot place (UnknownState: no
 * company, no invite, no company set-up under way). Instead of leaving the product for the booking
 * page without a word, it says what we know, what each way forward is, and links to the booking
 * page in a new tab.
 */
export function BookADemoPage() {
  const { data: onboarding } = useOnboardingSnapshot();
  const continueOnboarding = useContinueOnboarding();
  const product = getConsoleConfig().productName;
  const email = onboarding?.email;

  const setUpCompany = () => {
    // What /onboarding-link does: the state is derived afresh, which now asks for the details.
    setOnboardingFlag();
    void continueOnboarding();
  };

  return (
    <OnboardingPanel title={`Let's find the right start for you`}>
      <p>
        {email ? (
          <>
            You are signed in as <strong className="text-ink">{email}</strong>, but
          </>
        ) : (
          'You are signed in, but'
        )}{' '}
        this account doesn&apos;t belong to a company on {product} yet, and we found no invitation
        for it.
      </p>
      <section aria-labelledby="join-heading" className="flex flex-col gap-2">
        <h2 id="join-heading" className="text-lg font-semibold text-ink">
          Joining your team?
        </h2>
        <p>
          Ask a colleague who uses {product} to invite this address. The invitation comes by e-mail;
          its link adds you to the team.
        </p>
      </section>
      <section aria-labelledby="set-up-heading" className="flex flex-col gap-2">
        <h2 id="set-up-heading" className="text-lg font-semibold text-ink">
          Setting up {product} for your company?
        </h2>
        <p>Tell us about your company; our team reviews new companies, usually within a day.</p>
        <div>
          <Button onClick={setUpCompany}>Set up a company</Button>
        </div>
      </section>
      <section aria-labelledby="demo-heading" className="flex flex-col gap-2">
        <h2 id="demo-heading" className="text-lg font-semibold text-ink">
          Want to see it first?
        </h2>
        <p>
          Book a demo and we&apos;ll walk you through sending rewards and payouts:{' '}
          <a
            href={links.bookDemo}
            target="_blank"
            rel="noopener noreferrer"
            className={textLinkClasses}
          >
            book a demo<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </section>
      <div>
        <LogOutButton variant="secondary" />
      </div>
    </OnboardingPanel>
  );
}
