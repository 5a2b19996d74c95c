import type { UserCreate } from '@boon/contracts';
import { Button, REQUIRED_MESSAGE, TextField } from '@boon/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useApiClient } from '../../../api/api-client-context';
import { isApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { createUser } from '../api/onboarding-api';
import { fieldErrorsOf } from '../field-errors';
import { ACTIVATION_FAILED_MESSAGE, acceptStoredInvite } from '../gate/accept-stored-invite';
import { OnboardingPanel } from './onboarding-panel';
import { useContinueOnboarding, useOnboardingSnapshot } from './use-onboarding';

/** The contract's limit on each name (userCreateSchema). */
export const NAME_MAX_LENGTH = 100;

type NameField = 'firstName' | 'lastName';

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
  const [names, setNames] = useState<Record<NameField, string>>({ firstName: '', lastName: '' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<NameField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);

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
      const byPath = fieldErrorsOf(error);
      setServerErrors({ firstName: byPath.firstName, lastName: byPath.lastName });
    },
  });

  const clientError = (field: NameField) =>
    names[field].trim() === '' ? REQUIRED_MESSAGE : undefined;
  const fieldError = (field: NameField) => clientError(field) ?? serverErrors[field];

  const change = (field: NameField) => (value: string) => {
    setNames((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = (['firstName', 'lastName'] as const).find((field) => clientError(field));
    if (invalid) {
      (invalid === 'firstName' ? firstNameRef : lastNameRef).current?.focus();
      return;
    }
    save.mutate({ firstName: names.firstName.trim(), lastName: names.lastName.trim() });
  };

  const invite = onboarding?.invite.status === 'valid' ? onboarding.invite.invite : null;
  const activationFailed = save.isSuccess && save.data === 'failed';
  const busy = save.isPending || proceed.isPending;
  const saveFailure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? errorMessage(save.error)
      : null;

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
    <OnboardingPanel title="Your details">
      <p>
        {invite
          ? `You've been invited to join ${invite.customerName}. Add your name to accept the invite.`
          : 'Add your name to set up your account.'}
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={firstNameRef}
          label="First name"
          autoComplete="given-name"
          value={names.firstName}
          onChange={change('firstName')}
          required
          maxLength={NAME_MAX_LENGTH}
          touched={submitted || undefined}
          error={fieldError('firstName')}
        />
        <TextField
          ref={lastNameRef}
          label="Last name"
          autoComplete="family-name"
          value={names.lastName}
          onChange={change('lastName')}
          required
          maxLength={NAME_MAX_LENGTH}
          touched={submitted || undefined}
          error={fieldError('lastName')}
        />
        {saveFailure ? (
          <p role="alert" className="text-danger">
            We couldn&apos;t save your details: {saveFailure}
          </p>
        ) : null}
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
