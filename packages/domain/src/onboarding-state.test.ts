import { describe, expect, it } from 'vitest';
import {
  deriveOnboardingState,
  onboardingDestination,
  type OnboardingFacts,
  type OnboardingState,
} from './onboarding-state.js';

const noUser: OnboardingFacts = {
  user: null,
  invite: 'none',
  onboardingFlag: false,
  pendingCustomer: null,
};
const userWithout: OnboardingFacts = { ...noUser, user: { customerIds: [] } };
const pending = (
  onboardingTaskState: 'STARTED' | 'COMPLETE' | 'ERROR',
  approvalStatus: 'NEW' | 'APPROVED' | 'PENDING' | 'DECLINED',
): OnboardingFacts => ({
  ...userWithout,
  pendingCustomer: { onboardingTaskState, approvalStatus },
});

describe('deriveOnboardingState: each branch of spec 4.1', () => {
  it.each<[string, OnboardingFacts, OnboardingState]>([
    ['no user, a valid invite', { ...noUser, invite: 'valid' }, 'UserCreationRequired'],
    [
      'no user, the onboarding flag set',
      { ...noUser, onboardingFlag: true },
      'UserCreationRequired',
    ],
    [
      'no user, the flag set even with an invalid invite (the first rule wins)',
      { ...noUser, invite: 'invalid', onboardingFlag: true },
      'UserCreationRequired',
    ],
    ['no user, an invalid invite (422)', { ...noUser, invite: 'invalid' }, 'UserInviteExpired'],
    ['no user, no invite, no flag', noUser, 'UnknownState'],
    [
      'no user, the invite lookup failed otherwise',
      { ...noUser, invite: 'unknown' },
      'UnknownState',
    ],
    [
      'a user with customers',
      { ...noUser, user: { customerIds: ['C-ACME0001'] }, onboardingFlag: true },
      'BelongsToActiveCustomer',
    ],
    [
      'no customers, no pending customer, flag set',
      { ...userWithout, onboardingFlag: true },
      'CustomerCreationRequired',
    ],
    ['no customers, no pending customer, no flag', userWithout, 'UnknownState'],
    ['task STARTED', pending('STARTED', 'PENDING'), 'CustomerOnboardingTaskNotComplete'],
    ['task ERROR', pending('ERROR', 'APPROVED'), 'CustomerOnboardingTaskNotComplete'],
    ['task COMPLETE, APPROVED', pending('COMPLETE', 'APPROVED'), 'CustomerWithDomainExists'],
    ['task COMPLETE, PENDING', pending('COMPLETE', 'PENDING'), 'CustomerApprovalRequired'],
    ['task COMPLETE, DECLINED', pending('COMPLETE', 'DECLINED'), 'CustomerApprovalRequired'],
    ['task COMPLETE, NEW', pending('COMPLETE', 'NEW'), 'UnknownState'],
  ])('%s → %s', (_why, facts, state) => {
    expect(deriveOnboardingState(facts)).toBe(state);
  });
});

describe('onboardingDestination: the destination table of spec 4.1', () => {
  const company = { email: 'someone@initech.test', invited: false };
  it.each<[OnboardingState, string]>([
    ['UserInviteExpired', 'invite-expired'],
    ['UserCreationRequired', 'account-details'],
    ['BelongsToActiveCustomer', 'home'],
    ['CustomerOnboardingTaskNotComplete', 'taking-long'],
    ['CustomerApprovalRequired', 'pending-confirmation'],
    ['CustomerWithDomainExists', 'customer-exists'],
    ['CustomerCreationRequired', 'company-details'],
    ['UnknownState', 'book-a-demo'],
  ])('%s → %s', (state, destination) => {
    expect(onboardingDestination(state, company)).toBe(destination);
  });

  it('sends anything else to login', () => {
    expect(onboardingDestination(null, company)).toBe('login');
    expect(onboardingDestination('Nonsense' as OnboardingState, company)).toBe('login');
  });

  it('stops a public-email user on the way to creating a company', () => {
    const gmail = { email: 'someone@gmail.com', invited: false };
    expect(onboardingDestination('UserCreationRequired', gmail)).toBe('personal-email-restriction');
    expect(onboardingDestination('CustomerCreationRequired', gmail)).toBe(
      'personal-email-restriction',
    );
  });

  it('lets invited and member public-email users through', () => {
    expect(
      onboardingDestination('UserCreationRequired', { email: 'a@gmail.com', invited: true }),
    ).toBe('account-details');
    expect(
      onboardingDestination('BelongsToActiveCustomer', { email: 'a@gmail.com', invited: false }),
    ).toBe('home');
  });
});
