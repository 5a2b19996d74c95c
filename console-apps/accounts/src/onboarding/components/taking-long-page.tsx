import { Button, Spinner } from '@boon/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  useApiClient,
  errorMessage,
  contactEmails,
  links,
  fetchOnboardingState,
  queryKeys,
} from '@boon/console-kit';
import { onboardingPollDelay } from '../poll-delay';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';
import { useContinueOnboarding } from './use-onboarding';

export const onboardingStateKey = queryKeys.user('onboarding', 'state');

/**
 * /onboard/taking-long (spec 2.3): the new company is being set up in the background. The
 * onboarding state is polled at growing intervals (spec 9: 10, 15, then every 20 seconds); once
 * the set-up is complete (or the request is gone) the state is derived again and the user moves
 * on, to pending-confirmation as a rule. A set-up that failed says so, with a way to check again.
 */
export function TakingLongPage() {
  const api = useApiClient();
  const continueOnboarding = useContinueOnboarding();
  const state = useQuery({
    queryKey: onboardingStateKey,
    queryFn: ({ signal }) => fetchOnboardingState(api, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data === null || (data && data.onboardingTaskState !== 'STARTED')) return false;
      return onboardingPollDelay(query.state.dataUpdateCount + query.state.errorUpdateCount);
    },
    refetchIntervalInBackground: true,
  });
  const proceed = useMutation({ mutationFn: continueOnboarding });
  const settled = state.data === null || state.data?.onboardingTaskState === 'COMPLETE';
  const { mutate: moveOn, isIdle } = proceed;

  useEffect(() => {
    if (settled && isIdle) moveOn();
  }, [settled, isIdle, moveOn]);

  if (state.data?.onboardingTaskState === 'ERROR') {
    return (
      <OnboardingPanel title="We couldn't finish setting up your account">
        <p>
          Something went wrong while we set up {state.data.companyName}. Check again in a moment; if
          this keeps happening, write to{' '}
          <a href={links.supportContact} className={textLinkClasses}>
            {contactEmails.support}
          </a>
          .
        </p>
        <div>
          <Button onClick={() => void state.refetch()} disabled={state.isFetching}>
            {state.isFetching ? 'Checking…' : 'Check again'}
          </Button>
        </div>
      </OnboardingPanel>
    );
  }

  return (
    <OnboardingPanel title="We're setting up your account" icon={<Spinner className="h-7 w-7" />}>
      <div role="status" className="flex flex-col gap-4">
        <p>
          {state.data?.companyName
            ? `We're getting ${state.data.companyName} ready. `
            : 'We are getting your company ready. '}
          This usually takes less than a minute, and this page moves on by itself.
        </p>
        {/* Indeterminate: no value, since the set-up does not report how far it has got. */}
        <div
          role="progressbar"
          aria-label="Setting up your account"
          className="h-2 w-full overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full w-full animate-pulse rounded-full bg-brand-500 motion-reduce:animate-none" />
        </div>
      </div>
      {state.isError ? (
        <div role="alert" className="flex flex-col gap-3">
          <p className="text-danger">
            We couldn&apos;t check on your account: {errorMessage(state.error)}. We&apos;ll try
            again shortly.
          </p>
          <div>
            <Button variant="secondary" onClick={() => void state.refetch()}>
              Check now
            </Button>
          </div>
        </div>
      ) : null}
      {proceed.isError ? (
        <div role="alert" className="flex flex-col gap-3">
          <p className="text-danger">
            Your account is ready, but we couldn&apos;t go on: {errorMessage(proceed.error)}
          </p>
          <div>
            <Button onClick={() => proceed.mutate()}>Try again</Button>
          </div>
        </div>
      ) : null}
    </OnboardingPanel>
  );
}
