import {
  pendingCustomerCreateSchema,
  rewardNeedOptions,
  useCaseOptions,
  type PendingCustomerCreate,
  type RewardNeed,
  type UseCase,
} from '@boon/contracts';
import {
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import { Button, CheckboxGroup, RadioGroup, type SelectOption } from '@boon/ui';
import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useApiClient, isApiError, errorMessage } from '@boon/console-kit';
import { createPendingCustomer } from '../api/onboarding-api';
import { clearCompanyDraft, readCompanyDraft, writeCompanyDraft } from '../company-draft';
import { OnboardingPanel, textLinkClasses } from './onboarding-panel';
import { OnboardingSteps } from './onboarding-steps';
import { useContinueOnboarding } from './use-onboarding';

const needOptions: SelectOption<RewardNeed>[] = rewardNeedOptions.map((option) => ({
  id: option.id,
  value: option.id,
  label: option.label,
}));

const caseOptions: SelectOption<UseCase>[] = useCaseOptions.map((option) => ({
  id: option.id,
  value: option.id,
  label: option.label,
}));

/** What this step asks: its part of the company it creates. */
const segmentationSchema = pendingCustomerCreateSchema.pick({ rewardNeed: true, useCases: true });

/** The fields of company-details: a refusal of one of them is shown there. */
const companyFields = new Set(['companyName', 'country', 'companySize', 'website']);

/** What became of a company request the server refused, beyond showing its message here. */
type Refusal =
  | { kind: 'screen'; to: '/onboard/customer-exists' | '/onboard/personal-email-restriction' }
  | { kind: 'company-details'; fieldErrors: { path: string; message: string }[] }
  | { kind: 'rederive' }
  | { kind: 'here' };

/** Spec 2.3 and the POST /pending-customer contract: where each refusal leads. */
export function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return { kind: 'here' };
  if (error.status === 409 && error.code === 'customer_with_domain_exists') {
    return { kind: 'screen', to: '/onboard/customer-exists' };
  }
  if (error.status === 409) return { kind: 'rederive' };
  if (error.status === 422) {
    if (error.fieldErrors.some((fieldError) => fieldError.path === 'email')) {
      return { kind: 'screen', to: '/onboard/personal-email-restriction' };
    }
    const onCompany = error.fieldErrors.filter((fieldError) => companyFields.has(fieldError.path));
    if (onCompany.length > 0) return { kind: 'company-details', fieldErrors: onCompany };
  }
  return { kind: 'here' };
}

/**
 * /onboard/user-segmentation (spec 2.3): when the company needs to send rewards and what for.
 * Submitting creates the company with company-details' answers (POST /pending-customer), whose
 * set-up then runs in the background (taking-long).
 */
export function UserSegmentationPage() {
  const api = useApiClient();
  const navigate = useNavigate();
  const continueOnboarding = useContinueOnboarding();
  const [draft] = useState(() => readCompanyDraft());
  const form = useContractForm(segmentationSchema, { defaultValues: { useCases: [] } });
  const attemptKey = useIdempotencyKey();

  const proceed = useMutation({ mutationFn: continueOnboarding });
  const create = useMutation({
    mutationFn: (body: PendingCustomerCreate) =>
      createPendingCustomer(api, body, attemptKey.for(body)),
    onSuccess: () => {
      attemptKey.renew();
      clearCompanyDraft();
      proceed.mutate();
    },
    onError: async (error) => {
      const refusal = refusalOf(error);
      if (refusal.kind === 'here') {
        showServerErrors(form, error, { failure: "We couldn't create your company" });
      } else if (refusal.kind === 'screen') await navigate({ to: refusal.to });
      else if (refusal.kind === 'rederive') await continueOnboarding();
      else if (refusal.kind === 'company-details' && draft) {
        writeCompanyDraft({ ...draft, fieldErrors: refusal.fieldErrors });
        await navigate({ to: '/onboard/company-details' });
      }
    },
  });

  // Without company-details' answers there is nothing to create: that step comes first. (The
  // answers were read once, on entering: creating the company clears the stored ones.)
  if (!draft) return <Navigate to="/onboard/company-details" replace />;

  const busy = create.isPending || proceed.isPending || create.isSuccess;

  return (
    <OnboardingPanel
      title="About your rewards"
      steps={<OnboardingSteps current="user-segmentation" />}
    >
      <p>Two quick questions about {draft.companyName}, so we can set up the right account.</p>
      <form
        noValidate
        onSubmit={form.submit(({ rewardNeed, useCases }) => {
          const { companyName, country, companySize, website } = draft;
          create.mutate({ companyName, country, companySize, website, rewardNeed, useCases });
        })}
        className="flex flex-col gap-5"
      >
        <FormField
          form={form}
          name="rewardNeed"
          as={RadioGroup}
          label="When do you need to send rewards?"
          options={needOptions}
        />
        <FormField
          form={form}
          name="useCases"
          as={CheckboxGroup}
          label="What will you use rewards for?"
          optional
          options={caseOptions}
        />
        <FormAlert form={form} />
        {proceed.isError ? (
          <p role="alert" className="text-danger">
            Your company is created, but we couldn&apos;t go on: {errorMessage(proceed.error)}
          </p>
        ) : null}
        <div className="flex items-center gap-4">
          {proceed.isError ? (
            <Button onClick={() => proceed.mutate()}>Try again</Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {busy ? 'Creating your company…' : 'Create company'}
            </Button>
          )}
          <Link to="/onboard/company-details" className={textLinkClasses}>
            Back to company details
          </Link>
        </div>
      </form>
    </OnboardingPanel>
  );
}
