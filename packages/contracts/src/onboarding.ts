import { z } from 'zod';
import { text } from './text.js';
import { COMPANY_NAME_MAX_LENGTH } from './text-limits.js';
import { companySizeOptions, rewardNeedOptions, useCaseOptions } from './onboarding-values.js';

/** The ids of a list of options, as the tuple z.enum takes: the options are the one list. */
function idsOf<const T extends readonly [{ id: string }, ...{ id: string }[]]>(
  options: T,
): [T[number]['id'], ...T[number]['id'][]] {
  return options.map((option) => option.id) as [T[number]['id'], ...T[number]['id'][]];
}

export const companySizeSchema = z.enum(idsOf(companySizeOptions));
export type CompanySize = z.infer<typeof companySizeSchema>;

export const rewardNeedSchema = z.enum(idsOf(rewardNeedOptions));
export type RewardNeed = z.infer<typeof rewardNeedSchema>;

export const useCaseSchema = z.enum(idsOf(useCaseOptions));
export type UseCase = z.infer<typeof useCaseSchema>;

const nameSchema = text().trim().min(1, 'This field is required.').max(100);

/** POST /user/me: create the backend user (onboarding account-details). */
export const userCreateSchema = z.strictObject({ firstName: nameSchema, lastName: nameSchema });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** A website or bare domain, as typed: "https://www.acme.com", "acme.com". */
export const websiteSchema = text()
  .trim()
  .max(253)
  .regex(
    /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(\/\S*)?$/i,
    'Enter a website such as acme.com',
  );

/** POST /pending-customer: create a company (company-details and user-segmentation). */
export const pendingCustomerCreateSchema = z.strictObject({
  companyName: text().trim().min(1, 'This field is required.').max(COMPANY_NAME_MAX_LENGTH),
  /** ISO 3166 alpha-2 of a supported, not prohibited, country. */
  country: text().regex(/^[A-Z]{2}$/, 'Choose a country'),
  companySize: companySizeSchema,
  website: websiteSchema,
  rewardNeed: rewardNeedSchema,
  useCases: z
    .array(useCaseSchema)
    .max(useCaseOptions.length)
    .refine((cases) => new Set(cases).size === cases.length, 'Use cases must be unique'),
});
export type PendingCustomerCreate = z.infer<typeof pendingCustomerCreateSchema>;
