// No zod here: staff's customer screens name these answers without loading zod; the onboarding
// schemas (onboarding.ts) check them.

/** Spec 3's company size options, in the order shown. */
export const companySizeOptions = [
  { id: 'under-50', label: 'Under 50 employees' },
  { id: '51-200', label: '51-200 employees' },
  { id: '201-500', label: '201-500 employees' },
  { id: '501-1000', label: '501-1000 employees' },
  { id: 'over-1000', label: 'Over 1000 employees' },
] as const;

/** Spec 3's reward need options ("when do you need to send rewards?"). */
export const rewardNeedOptions = [
  { id: 'today', label: 'Today' },
  { id: 'within-7-days', label: 'Within 7 days' },
  { id: 'within-30-days', label: 'Within 30 days' },
  { id: 'within-90-days', label: 'Within 90 days' },
  { id: 'unknown', label: "I don't know" },
] as const;

/** What the company will use rewards for (user segmentation). */
export const useCaseOptions = [
  { id: 'employee-rewards', label: 'Employee rewards and recognition' },
  { id: 'customer-incentives', label: 'Customer incentives and loyalty' },
  { id: 'research-incentives', label: 'Research and survey incentives' },
  { id: 'payouts', label: 'Payouts and refunds' },
  { id: 'sales-incentives', label: 'Sales and channel incentives' },
  { id: 'other', label: 'Something else' },
] as const;
