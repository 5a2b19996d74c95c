import { z } from 'zod';
import { text } from './text.js';
import { COMPANY_NAME_MAX_LENGTH } from './text-limits.js';

/** Spec 3's company size options, in the order shown. */
export const companySizeOptions = [
  { id: 'under-50', label: 'Under 50 employees' },
  { id: '51-200', label: '51-200 employees' },
  { id: '201-500', label: '201-500 employees' },
  { id: '501-1000', label: '501-1000 employees' },
  { id: 'over-1000', label: 'Over 1000 employees' },
] as const;
export const companySizeSchema = z.enum(['under-50', '51-200', '201-500', '501-1000', 'over-1000']);
export type CompanySize = z.infer<typeof companySizeSchema>;

/** Spec 3's reward need options ("when do you need to send rewards?"). */
export const rewardNeedOptions = [
  { id: 'today', label: 'Today' },
  { id: 'within-7-days', label: 'Within 7 days' },
  { id: 'within-30-days', label: 'Within 30 days' },
  { id: 'within-90-days', label: 'Within 90 days' },
  { id: 'unknown', label: "I don't know" },
] as const;
export const rewardNeedSchema = z.enum([
  'today',
  'within-7-days',
  'within-30-days',
  'within-90-days',
  'unknown',
]);
export type RewardNeed = z.infer<typeof rewardNeedSchema>;

/** What the company will use rewards for (user segmentation). */
export const useCaseOptions = [
  { id: 'employee-rewards', label: 'Employee rewards and recognition' },
  { id: 'customer-incentives', label: 'Customer incentives and loyalty' },
  { id: 'research-incentives', label: 'Research and survey incentives' },
  { id: 'payouts', label: 'Payouts and refunds' },
  { id: 'sales-incentives', label: 'Sales and channel incentives' },
  { id: 'other', label: 'Something else' },
] as const;
export const useCaseSchema = z.enum([
  'employee-rewards',
  'customer-incentives',
  'research-incentives',
  'payouts',
  'sales-incentives',
  'other',
]);
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
