import { fieldErrorSchema, pendingCustomerCreateSchema } from '@boon/contracts';
import { z } from 'zod';

/** sessionStorage: the company-details answers while the user moves on to user-segmentation. */
export const COMPANY_DRAFT_KEY = 'boon.onboarding.companyDraft';

/** What company-details asks: its part of the company the next step creates. */
export const companyAnswersSchema = pendingCustomerCreateSchema.pick({
  companyName: true,
  country: true,
  companySize: true,
  website: true,
});

export const companyDraftSchema = companyAnswersSchema.extend({
  /** What the server refused in these answers, shown on company-details when sent back there. */
  fieldErrors: z.array(fieldErrorSchema).max(20).optional(),
});
export type CompanyDraft = z.infer<typeof companyDraftSchema>;

/** The draft of this page load when sessionStorage refuses to keep it (a privacy mode, say). */
let unstoredDraft: CompanyDraft | null = null;

/** The draft kept in this tab; null when there is none or it is not a valid one. */
export function readCompanyDraft(storage: Storage = sessionStorage): CompanyDraft | null {
  try {
    const raw = storage.getItem(COMPANY_DRAFT_KEY);
    if (raw === null) return unstoredDraft;
    const parsed = companyDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return unstoredDraft;
  }
}

export function writeCompanyDraft(draft: CompanyDraft, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(COMPANY_DRAFT_KEY, JSON.stringify(draft));
    unstoredDraft = null;
  } catch (error) {
    console.warn('Could not keep the company details in sessionStorage', error);
    unstoredDraft = draft;
  }
}

export function clearCompanyDraft(storage: Storage = sessionStorage): void {
  unstoredDraft = null;
  try {
    storage.removeItem(COMPANY_DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}
