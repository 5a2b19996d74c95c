import { companySizeOptions, websiteSchema, type CompanySize } from '@boon/contracts';
import { emailHost, supportedCountries } from '@boon/domain';
import {
  Button,
  RadioGroup,
  REQUIRED_MESSAGE,
  Select,
  TextField,
  type SelectOption,
} from '@boon/ui';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { readCompanyDraft, writeCompanyDraft } from '../company-draft';
import { messagesByPath } from '../field-errors';
import { OnboardingPanel } from './onboarding-panel';
import { useOnboardingSnapshot } from './use-onboarding';

/** The contract's limit on a company name (pendingCustomerCreateSchema). */
export const COMPANY_NAME_MAX_LENGTH = 200;

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

type Field = 'companyName' | 'country' | 'companySize' | 'website';
const fieldOrder: readonly Field[] = ['companyName', 'country', 'companySize', 'website'];

interface Answers {
  companyName: string;
  country: string | null;
  companySize: CompanySize | null;
  website: string;
}

function websiteError(website: string): string | undefined {
  if (website.trim() === '') return REQUIRED_MESSAGE;
  const parsed = websiteSchema.safeParse(website);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Enter a website');
}

/**
 * /onboard/company-details (spec 2.3): the company's name, country, size and website (pre-filled
 * with the domain of the user's address). The answers wait in this tab's sessionStorage while the
 * user answers user-segmentation, which creates the company with both.
 */
export function CompanyDetailsPage() {
  const navigate = useNavigate();
  const { data: onboarding } = useOnboardingSnapshot();
  const [draft] = useState(() => readCompanyDraft());
  const [answers, setAnswers] = useState<Answers>(() => ({
    companyName: draft?.companyName ?? '',
    country: draft?.country ?? null,
    companySize: draft?.companySize ?? null,
    website: draft?.website ?? emailHost(onboarding?.email ?? ''),
  }));
  // What the server refused when the company was submitted (sent back here from the next step).
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>(() =>
    messagesByPath(draft?.fieldErrors ?? []),
  );
  const [submitted, setSubmitted] = useState(() => (draft?.fieldErrors?.length ?? 0) > 0);
  const nameRef = useRef<HTMLInputElement>(null);
  const countryRef = useRef<HTMLSelectElement>(null);
  const websiteRef = useRef<HTMLInputElement>(null);
  const sizeGroupId = 'company-size';

  const clientErrors: Partial<Record<Field, string>> = {
    companyName: answers.companyName.trim() === '' ? REQUIRED_MESSAGE : undefined,
    country: answers.country ? undefined : REQUIRED_MESSAGE,
    companySize: answers.companySize ? undefined : REQUIRED_MESSAGE,
    website: websiteError(answers.website),
  };
  const errorOf = (field: Field) => clientErrors[field] ?? serverErrors[field];

  const update = <F extends Field>(field: F, value: Answers[F]) => {
    setAnswers((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusField = (field: Field) => {
    if (field === 'companyName') nameRef.current?.focus();
    else if (field === 'country') countryRef.current?.focus();
    else if (field === 'website') websiteRef.current?.focus();
    else document.querySelector<HTMLInputElement>(`#${sizeGroupId} input`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = fieldOrder.find((field) => errorOf(field));
    if (invalid) {
      focusField(invalid);
      return;
    }
    const { country, companySize } = answers;
    if (!country || !companySize) return;
    writeCompanyDraft({
      companyName: answers.companyName.trim(),
      country,
      companySize,
      website: answers.website.trim(),
    });
    void navigate({ to: '/onboard/user-segmentation' });
  };

  return (
    <OnboardingPanel title="Your company">
      <p>Tell us about the company you want to send rewards from.</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          ref={nameRef}
          label="Company name"
          autoComplete="organization"
          value={answers.companyName}
          onChange={(value) => update('companyName', value)}
          required
          maxLength={COMPANY_NAME_MAX_LENGTH}
          touched={submitted || undefined}
          error={errorOf('companyName')}
        />
        <Select
          ref={countryRef}
          label="Country"
          placeholder="Select a country"
          options={countryOptions}
          value={answers.country}
          onChange={(value) => update('country', value)}
          required
          touched={submitted || undefined}
          error={errorOf('country')}
        />
        <RadioGroup
          id={sizeGroupId}
          label="Company size"
          options={sizeOptions}
          value={answers.companySize}
          onChange={(value) => update('companySize', value)}
          required
          touched={submitted || undefined}
          error={errorOf('companySize')}
        />
        <TextField
          ref={websiteRef}
          label="Website"
          inputMode="url"
          autoComplete="url"
          hint="Your company's website or domain, such as acme.com"
          value={answers.website}
          onChange={(value) => update('website', value)}
          required
          maxLength={253}
          touched={submitted || undefined}
          error={errorOf('website')}
        />
        <div>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </OnboardingPanel>
  );
}
