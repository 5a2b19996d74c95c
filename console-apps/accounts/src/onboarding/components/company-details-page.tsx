import { companySizeOptions, type CompanySize } from '@boon/contracts';
import { ApiError } from '@boon/console-kit';
import { FormField, showServerErrors, useContractForm } from '@boon/console-kit/forms';
import { emailHost, supportedCountries } from '@boon/domain';
import { Button, RadioGroup, Select, TextField, type SelectOption } from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { companyAnswersSchema, readCompanyDraft, writeCompanyDraft } from '../company-draft';
import { OnboardingPanel } from './onboarding-panel';
import { OnboardingSteps } from './onboarding-steps';
import { useOnboardingSnapshot } from './use-onboarding';

/** Spec 3 "Country option", spec 5: the supported countries, US and GB first. */
export const countryOptions: SelectOption[] = supportedCountries.map((country) => ({
  id: country.isoCode,
  value: country.isoCode,
  label: `${country.flag} ${country.label}`,
}));

const sizeOptions: SelectOption<CompanySize>[] = companySizeOptions.map((option) => ({
  id: option.id,
  value: option.id,
  label: option.label,
}));

/**
 * /onboard/company-details (spec 2.3): the company's name, country, size and website (pre-filled
 * with the domain of the user's address). The answers wait in this tab's sessionStorage while the
 * user answers user-segmentation, which creates the company with both.
 */
export function CompanyDetailsPage() {
  const navigate = useNavigate();
  const { data: onboarding } = useOnboardingSnapshot();
  const [draft] = useState(() => readCompanyDraft());
  const form = useContractForm(companyAnswersSchema, {
    defaultValues: {
      companyName: draft?.companyName ?? '',
      website: draft?.website ?? emailHost(onboarding?.email ?? ''),
      ...(draft ? { country: draft.country, companySize: draft.companySize } : {}),
    },
  });

  // What the server refused when the company was submitted (sent back here from the next step).
  useEffect(() => {
    if (draft?.fieldErrors?.length) {
      showServerErrors(form, new ApiError(422, 'validation_error', '', draft.fieldErrors));
    }
  }, [draft, form]);

  return (
    <OnboardingPanel title="Your company" steps={<OnboardingSteps current="company-details" />}>
      <p>Tell us about the company you want to send rewards from.</p>
      <form
        noValidate
        onSubmit={form.submit(async (answers) => {
          writeCompanyDraft(answers);
          await navigate({ to: '/onboard/user-segmentation' });
        })}
        className="flex flex-col gap-5"
      >
        <FormField
          form={form}
          name="companyName"
          as={TextField}
          label="Company name"
          autoComplete="organization"
        />
        <FormField
          form={form}
          name="country"
          as={Select}
          label="Country"
          placeholder="Select a country"
          options={countryOptions}
        />
        <FormField
          form={form}
          name="companySize"
          as={RadioGroup}
          label="Company size"
          options={sizeOptions}
        />
        <FormField
          form={form}
          name="website"
          as={TextField}
          label="Website"
          inputMode="url"
          autoComplete="url"
          hint="Your company's website or domain, such as acme.com"
        />
        <div>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </OnboardingPanel>
  );
}
