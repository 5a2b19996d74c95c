import {
  companySizeOptions,
  rewardNeedOptions,
  useCaseOptions,
  type OnboardingTaskState,
  type PendingCustomerApplication,
  type PendingCustomerStatus,
} from '@boon/contracts';
import { allCountries } from '@boon/domain';
import type { BadgeTone } from '@boon/ui';

/** How staff read a request's approval status (the contract's words are upper-case codes). */
export const approvalStatusLabels: Record<PendingCustomerStatus, string> = {
  NEW: 'New',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
};

export const approvalStatusTones: Record<PendingCustomerStatus, BadgeTone> = {
  NEW: 'neutral',
  PENDING: 'brand',
  APPROVED: 'success',
  DECLINED: 'danger',
};

/** How staff read the state of the job that sets a request up. */
export const onboardingTaskLabels: Record<OnboardingTaskState, string> = {
  STARTED: 'In progress',
  COMPLETE: 'Complete',
  ERROR: 'Failed',
};

/** What the dialog says of a question the requester was never asked (an older request). */
export const NOT_GIVEN = 'Not given';

const labelOf = <T extends string>(options: readonly { id: T; label: string }[], id: T | null) =>
  id === null ? NOT_GIVEN : (options.find((option) => option.id === id)?.label ?? id);

/** The country's name ("United States"), or its code when the product does not know it. */
export function countryLabel(isoCode: string | null): string {
  if (isoCode === null) return NOT_GIVEN;
  return allCountries.find((country) => country.isoCode === isoCode)?.label ?? isoCode;
}

/** One answer of the requester, as the approve dialog lists it. */
export interface ApplicationAnswer {
  question: string;
  answer: string;
}

/** The requester's answers in the order they gave them: company-details, then segmentation. */
export function applicationAnswers(application: PendingCustomerApplication): ApplicationAnswer[] {
  return [
    { question: 'Country', answer: countryLabel(application.country) },
    { question: 'Company size', answer: labelOf(companySizeOptions, application.companySize) },
    { question: 'Website', answer: application.website ?? NOT_GIVEN },
    {
      question: 'Needs to send rewards',
      answer: labelOf(rewardNeedOptions, application.rewardNeed),
    },
    {
      question: 'Will use rewards for',
      answer:
        application.useCases.length === 0
          ? NOT_GIVEN
          : application.useCases.map((useCase) => labelOf(useCaseOptions, useCase)).join('; '),
    },
  ];
}

/**
 * Where the requester's website answer leads, for staff to check the company: the address as
 * given, https:// added to a bare domain; null for anything that is not a web address.
 */
export function websiteHref(website: string | null): string | null {
  if (!website) return null;
  const candidate = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
