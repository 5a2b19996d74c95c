import { isPublicEmail } from './email.js';

/** Spec 4.1, "User onboarding states". */
export type OnboardingState =
  | 'UserInviteExpired'
  | 'UserCreationRequired'
  | 'BelongsToActiveCustomer'
  | 'CustomerCreationRequired'
  | 'CustomerApprovalRequired'
  | 'CustomerWithDomainExists'
  | 'CustomerOnboardingTaskNotComplete'
  | 'UnknownState';

export type PendingCustomerApprovalStatus = 'NEW' | 'APPROVED' | 'PENDING' | 'DECLINED';
export type OnboardingTaskState = 'STARTED' | 'COMPLETE' | 'ERROR';

export interface OnboardingFacts {
  /** The backend user (GET /user/me); null when it answered 404. */
  user: { customerIds: readonly string[] } | null;
  /**
   * The invite lookup: valid, invalid (422: expired or invalid), none (404/400, or no token);
   * `unknown` for any other failure.
   */
  invite: 'valid' | 'invalid' | 'none' | 'unknown';
  /** The new-customer onboarding flag in local storage (spec 2.2, 9). */
  onboardingFlag: boolean;
  /** The user's pending customer (GET /onboarding-state); null when it answered 404. */
  pendingCustomer: {
    onboardingTaskState: OnboardingTaskState;
    approvalStatus: PendingCustomerApprovalStatus;
  } | null;
}

/** The derivation of spec 4.1, rule by rule. */
export function deriveOnboardingState(facts: OnboardingFacts): OnboardingState {
  if (!facts.user) {
    if (facts.invite === 'valid' || facts.onboardingFlag) return 'UserCreationRequired';
    if (facts.invite === 'invalid') return 'UserInviteExpired';
    return 'UnknownState';
  }
  if (facts.user.customerIds.length > 0) return 'BelongsToActiveCustomer';
  const pending = facts.pendingCustomer;
  if (!pending) return facts.onboardingFlag ? 'CustomerCreationRequired' : 'UnknownState';
  if (pending.onboardingTaskState !== 'COMPLETE') return 'CustomerOnboardingTaskNotComplete';
  if (pending.approvalStatus === 'APPROVED') return 'CustomerWithDomainExists';
  if (pending.approvalStatus === 'PENDING' || pending.approvalStatus === 'DECLINED') {
    return 'CustomerApprovalRequired';
  }
  return 'UnknownState';
}

/** Where each state sends the user after sign-in (spec 4.1, "Destinations after sign-in"). */
export type OnboardingDestination =
  | 'personal-email-restriction'
  | 'invite-expired'
  | 'account-details'
  | 'home'
  | 'taking-long'
  | 'pending-confirmation'
  | 'customer-exists'
  | 'company-details'
  | 'book-a-demo'
  | 'login';

const destinations: Record<OnboardingState, OnboardingDestination> = {
  UserInviteExpired: 'invite-expired',
  UserCreationRequired: 'account-details',
  BelongsToActiveCustomer: 'home',
  CustomerOnboardingTaskNotComplete: 'taking-long',
  CustomerApprovalRequired: 'pending-confirmation',
  CustomerWithDomainExists: 'customer-exists',
  CustomerCreationRequired: 'company-details',
  UnknownState: 'book-a-demo',
};

/**
 * The destination table of spec 4.1. A public-email user (decisions.md's hosts) who is on the way
 * to creating a company (signed up without an invite, or has no customer yet) goes to the
 * personal-email restriction instead: a company needs a company address. Invited users and
 * members of a customer keep their destinations whatever their address.
 */
export function onboardingDestination(
  state: OnboardingState | null | undefined,
  { email, invited }: { email: string; invited: boolean },
): OnboardingDestination {
  if (!state || !Object.hasOwn(destinations, state)) return 'login';
  const createsCompany =
    state === 'CustomerCreationRequired' || (state === 'UserCreationRequired' && !invited);
  if (createsCompany && isPublicEmail(email)) return 'personal-email-restriction';
  return destinations[state];
}
