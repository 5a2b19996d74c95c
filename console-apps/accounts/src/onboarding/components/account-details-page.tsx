import { userCreateSchema, type UserCreate } from '@boon/contracts';
import { FormAlert, FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { Button, TextField } from '@boon/ui';
import { useMutation } from '@tanstack/react-query';
import {
  useApiClient,
  isApiError,
  errorMessage,
  ACTIVATION_FAILED_MESSAGE,
  acceptStoredInvite,
} from '@boon/console-kit';
import { createUser } from '../api/onboarding-api';
import { OnboardingPanel } from './onboarding-panel';
import { OnboardingSteps } from './onboarding-steps';
import { useContinueOnboarding, useOnboardingSnapshot } from './use-onboarding';

/**
 * /onboard/account-details (spec 2.3): the new user's first and last name create the backend user
 * (POST /user/me). A user who came through an invite link then joins its customer (POST
 * /user/activate with the stored token); after that the state is derived again and the user goes
 * where it leads.
 */
export function AccountDetailsPage() {
  const api = useApiClient();
  const { data: onboarding } = useOnboardingSnapshot();
  const continueOnboarding = useContinueOnboarding();
  const form = useContractForm(userCreateSchema, {
    defaultValues: { firstName: '', lastName: '' },
  });

  const proceed = useMutation({ mutationFn: continueOnboarding });
  const save = useMutation({
    mutationFn: async (body: UserCreate) => {
      try {
        await createUser(api, body);
      } catch (error) {
        // 409 "User already exists": an earlier attempt made it (a retry, another tab); go on.
        if (!(isApiError(error) && error.status === 409)) throw error;
      }
      return acceptStoredInvite(api);
    },
    onSuccess: (acceptance) => {
      if (acceptance !== 'failed') proceed.mutate();
    },
    onError: (error) => {
      showServerErrors(form, error, { failure: "We couldn't save your details" });
    },
  });

  const invite = onboarding?.invite.status === 'valid' ? onboarding.invite.invite : null;
  const activationFailed = save.isSuccess && save.data === 'failed';
  const busy = save.isPending || proceed.isPending;

  if (activationFailed) {
    return (
      <OnboardingPanel title="Your details are saved">
        <p role="alert" className="font-medium text-danger">
          {ACTIVATION_FAILED_MESSAGE}
        </p>
        <p>
          Ask the person who invited you to send a new invite. You can go on without it in the
          meantime.
        </p>
        {proceed.isError ? (
          <p role="alert" className="text-danger">
            We couldn&apos;t go on: {errorMessage(proceed.error)}
          </p>
        ) : null}
        <div>
          <Button onClick={() => proceed.mutate()} disabled={proceed.isPending}>
            Continue
          </Button>
        </div>
      </OnboardingPanel>
    );
  }

  return (
    <OnboardingPanel
      title="Your details"
      // An invitee joins a company in this one step; only setting one up takes three.
      steps={invite ? undefined : <OnboardingSteps current="account-details" />}
    >
      <p>
        {invite
          ? `You've been invited to join ${invite.customerName}. Add your name to accept the invite.`
          : 'Add your name to set up your account.'}
      </p>
      <form
        noValidate
        onSubmit={form.submit((names) => save.mutate(names))}
        className="flex flex-col gap-4"
      >
        <FormField
          form={form}
          name="firstName"
          as={TextField}
          label="First name"
          autoComplete="given-name"
        />
        <FormField
          form={form}
          name="lastName"
          as={TextField}
          label="Last name"
          autoComplete="family-name"
        />
        <FormAlert form={form} />
        {proceed.isError ? (
          <p role="alert" className="text-danger">
            Your details are saved, but we couldn&apos;t go on: {errorMessage(proceed.error)}
          </p>
        ) : null}
        <div>
          {proceed.isError ? (
            <Button onClick={() => proceed.mutate()} disabled={busy}>
              Try again
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Continue'}
            </Button>
          )}
        </div>
      </form>
    </OnboardingPanel>
  );
}
