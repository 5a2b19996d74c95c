import type { UserMe } from '@boon/contracts';
import type { OnboardingDestination } from '@boon/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerManagementApi as cm, type Endpoint } from '@boon/contracts';
import type { ApiClient } from '../api/api-client';
import { ApiError, NO_RESPONSE_STATUS } from '../api/api-error';
import { links } from '../constants/links';
import { testUser } from '../testing/users';
import {
  INVITE_TOKEN_KEY,
  isOnboardingFlagSet,
  ONBOARDING_FLAG_KEY,
  readInviteToken,
  requestSignupAfterLogout,
  storeInviteToken,
  takeSignupAfterLogout,
} from './onboarding-storage';
import { acmeInvite, accessTokenFor, pendingCustomer } from '../testing/api-mocks/serve-onboarding';
import {
  destinationTarget,
  screenOfPath,
  screensAllowedFor,
  signedInOnboardingScreens,
} from './onboarding-screens';
import {
  decideOnboarding,
  loadOnboardingSnapshot,
  type OnboardingFacts,
} from './onboarding-snapshot';
import { tokenEmail } from './token-email';

const member: UserMe = testUser();
const withoutCustomer: UserMe = testUser({
  emailAddress: 'nina@initech.test',
  customerIds: [],
  roles: [],
  permissions: [],
});
const staff: UserMe = testUser({ emailAddress: 'staff@boon.test', isStaff: true, customerIds: [] });

const noFacts: OnboardingFacts = {
  user: null,
  email: 'nina@initech.test',
  invite: { status: 'none' },
  onboardingFlag: false,
  pendingCustomer: null,
};

describe('decideOnboarding (spec 4.1 states and destinations)', () => {
  it.each<[string, Partial<OnboardingFacts>, string, OnboardingDestination]>([
    [
      'no user, a valid invite',
      { invite: { status: 'valid', invite: acmeInvite } },
      'UserCreationRequired',
      'account-details',
    ],
    [
      'no user, the onboarding flag',
      { onboardingFlag: true },
      'UserCreationRequired',
      'account-details',
    ],
    [
      'no user, an expired invite',
      { invite: { status: 'invalid' } },
      'UserInviteExpired',
      'invite-expired',
    ],
    ['no user, no invite, no flag', {}, 'UnknownState', 'book-a-demo'],
    [
      'no user, an unknown invite answer',
      { invite: { status: 'unknown' } },
      'UnknownState',
      'book-a-demo',
    ],
    ['a member', { user: member }, 'BelongsToActiveCustomer', 'home'],
    [
      'no customer, nothing pending, the flag',
      { user: withoutCustomer, onboardingFlag: true },
      'CustomerCreationRequired',
      'company-details',
    ],
    [
      'no customer, nothing pending, no flag',
      { user: withoutCustomer },
      'UnknownState',
      'book-a-demo',
    ],
    [
      'a set-up still running',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('NEW', 'STARTED') },
      'CustomerOnboardingTaskNotComplete',
      'taking-long',
    ],
    [
      'a set-up that failed',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('NEW', 'ERROR') },
      'CustomerOnboardingTaskNotComplete',
      'taking-long',
    ],
    [
      'waiting for approval',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('PENDING') },
      'CustomerApprovalRequired',
      'pending-confirmation',
    ],
    [
      'declined',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('DECLINED') },
      'CustomerApprovalRequired',
      'pending-confirmation',
    ],
    [
      'approved but not a member',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('APPROVED') },
      'CustomerWithDomainExists',
      'customer-exists',
    ],
    [
      'complete but still NEW',
      { user: withoutCustomer, pendingCustomer: pendingCustomer('NEW') },
      'UnknownState',
      'book-a-demo',
    ],
  ])('%s', (_case, facts, state, destination) => {
    const decided = decideOnboarding({ ...noFacts, ...facts });
    expect(decided.state).toBe(state);
    expect(decided.destination).toBe(destination);
  });

  it('sends a personal address that would create a company to the restriction', () => {
    const gmail = { ...noFacts, email: 'nina@gmail.com', onboardingFlag: true };
    expect(decideOnboarding(gmail).destination).toBe('personal-email-restriction');
    expect(
      decideOnboarding({ ...gmail, user: { ...withoutCustomer, emailAddress: 'nina@gmail.com' } })
        .destination,
    ).toBe('personal-email-restriction');
  });

  it('lets an invited personal address join its customer', () => {
    const invited = decideOnboarding({
      ...noFacts,
      email: 'nina@gmail.com',
      invite: { status: 'valid', invite: acmeInvite },
    });
    expect(invited.destination).toBe('account-details');
  });

  it('sends staff home though they belong to no customer', () => {
    const decided = decideOnboarding({ ...noFacts, user: staff, onboardingFlag: true });
    expect(decided.destination).toBe('home');
  });
});

describe('onboarding screens', () => {
  it('names the screen of an onboarding path, and nothing else', () => {
    expect(screenOfPath('/onboard/company-details')).toBe('company-details');
    expect(screenOfPath('/onboard/taking-long/')).toBe('taking-long');
    expect(screenOfPath('/onboard/verify-email')).toBeNull();
    expect(screenOfPath('/onboard')).toBeNull();
    expect(screenOfPath('/team')).toBeNull();
  });

  it('allows each destination its own screen, and company creation its steps and refusals', () => {
    expect(screensAllowedFor('company-details')).toEqual([
      'company-details',
      'user-segmentation',
      'customer-exists',
      'personal-email-restriction',
    ]);
    for (const screen of signedInOnboardingScreens) {
      if (screen === 'user-segmentation') continue;
      expect(screensAllowedFor(screen)).toContain(screen);
    }
    expect(screensAllowedFor('pending-confirmation')).toEqual(['pending-confirmation']);
    expect(screensAllowedFor('home')).toEqual([]);
    expect(screensAllowedFor('book-a-demo')).toEqual(['book-a-demo']);
    expect(screensAllowedFor('login')).toEqual([]);
  });

  it('finds each destination in the console, book-a-demo included (never off-site unannounced)', () => {
    expect(destinationTarget('taking-long')).toEqual({ href: '/onboard/taking-long' });
    expect(destinationTarget('home')).toEqual({ href: '/' });
    expect(destinationTarget('login')).toEqual({ href: '/login' });
    expect(destinationTarget('book-a-demo')).toEqual({ href: '/onboard/book-a-demo' });
    expect(links.bookDemo).toMatch(/^https:\/\//);
  });
});

describe('loadOnboardingSnapshot', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  /** An API client answering by path; an Error answer is thrown. */
  function apiAnswering(answers: Record<string, unknown>) {
    const request = vi.fn(async (endpoint: Endpoint, _options?: unknown) => {
      const answer = answers[endpoint.path];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Error(`unexpected call ${endpoint.path}`);
      return answer;
    });
    return { api: { call: request } as unknown as ApiClient, request };
  }
  const notFound = () => new ApiError(404, 'not_found', 'Not Found');
  const token = async () => accessTokenFor({ email: 'nina@initech.test' });

  it('without a user, looks the stored invite up and takes the address from the token', async () => {
    localStorage.setItem(INVITE_TOKEN_KEY, 'tok-1');
    const { api, request } = apiAnswering({ '/user/me': notFound(), '/user/invite': acmeInvite });

    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken: token });

    expect(snapshot).toMatchObject({
      user: null,
      email: 'nina@initech.test',
      invite: { status: 'valid', invite: acmeInvite },
      state: 'UserCreationRequired',
      destination: 'account-details',
    });
    expect(request).toHaveBeenCalledWith(cm.lookUpInvites, {
      withCustomerId: false,
      query: { token: 'tok-1' },
      signal: undefined,
    });
    expect(request).not.toHaveBeenCalledWith(cm.getOnboardingState, expect.anything());
  });

  it.each([
    [422, 'invalid', 'UserInviteExpired'],
    [404, 'none', 'UnknownState'],
    [400, 'none', 'UnknownState'],
    [403, 'unknown', 'UnknownState'],
  ])('reads an invite lookup answering %i as %s', async (status, invite, state) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(INVITE_TOKEN_KEY, 'tok-1');
    const { api } = apiAnswering({
      '/user/me': notFound(),
      '/user/invite': new ApiError(status, 'x', 'x'),
    });
    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken: token });
    expect(snapshot.invite.status).toBe(invite);
    expect(snapshot.state).toBe(state);
  });

  it('does not decide on an outage: a failed invite lookup is thrown', async () => {
    localStorage.setItem(INVITE_TOKEN_KEY, 'tok-1');
    for (const failure of [
      new ApiError(503, 'service_unavailable', 'Service Unavailable'),
      new ApiError(NO_RESPONSE_STATUS, 'network_error', 'Generic Error'),
    ]) {
      const { api } = apiAnswering({ '/user/me': notFound(), '/user/invite': failure });
      await expect(loadOnboardingSnapshot({ api, getAccessToken: token })).rejects.toBe(failure);
    }
  });

  it('without a token, asks for no invite', async () => {
    localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
    const { api, request } = apiAnswering({ '/user/me': notFound() });
    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken: token });
    expect(snapshot.destination).toBe('account-details');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('continues a company sign-up made in another browser: the token’s onboarding claim', async () => {
    const { api } = apiAnswering({ '/user/me': notFound() });
    const signedUpElsewhere = async () =>
      accessTokenFor({ email: 'nina@initech.test', onboarding: true });
    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken: signedUpElsewhere });
    expect(snapshot.destination).toBe('account-details');
    // The spec's flag is set here too, as /onboarding-link would have set it.
    expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
  });

  it('without the claim or the flag, a user of no customer and no application is UnknownState', async () => {
    const { api } = apiAnswering({ '/onboarding-state': notFound() });
    const snapshot = await loadOnboardingSnapshot({
      api,
      getAccessToken: token,
      user: withoutCustomer,
    });
    expect(snapshot.state).toBe('UnknownState');
    const withClaim = await loadOnboardingSnapshot({
      api,
      getAccessToken: async () => accessTokenFor({ email: 'nina@initech.test', onboarding: true }),
      user: withoutCustomer,
    });
    expect(withClaim.destination).toBe('company-details');
  });

  it("reads a customer-less user's pending customer, and uses the user's own address", async () => {
    const { api } = apiAnswering({ '/onboarding-state': pendingCustomer('PENDING') });
    const getAccessToken = vi.fn(token);
    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken, user: withoutCustomer });
    expect(snapshot.pendingCustomer?.companyName).toBe('Initech');
    expect(snapshot.destination).toBe('pending-confirmation');
    expect(snapshot.email).toBe('nina@initech.test');
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('reads nothing more for a member', async () => {
    const { api, request } = apiAnswering({ '/user/me': member });
    const snapshot = await loadOnboardingSnapshot({ api, getAccessToken: token });
    expect(snapshot.destination).toBe('home');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('passes other failures of /user/me on', async () => {
    const failure = new ApiError(500, 'internal_error', 'Internal Server Error');
    const { api } = apiAnswering({ '/user/me': failure });
    await expect(loadOnboardingSnapshot({ api, getAccessToken: token })).rejects.toBe(failure);
  });
});

describe('tokenEmail', () => {
  it("reads the access token's email claim, and '' from anything else", () => {
    expect(tokenEmail(accessTokenFor({ email: ' ada@initech.test ' }))).toBe('ada@initech.test');
    expect(tokenEmail(accessTokenFor({ sub: 'x' }))).toBe('');
    expect(tokenEmail('not-a-jwt')).toBe('');
    expect(tokenEmail('a.%%%.c')).toBe('');
    expect(tokenEmail(null)).toBe('');
  });
});

describe('onboarding storage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("counts the flag as set only while it holds the string 'true'", () => {
    expect(isOnboardingFlagSet()).toBe(false);
    localStorage.setItem(ONBOARDING_FLAG_KEY, 'yes');
    expect(isOnboardingFlagSet()).toBe(false);
    localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
    expect(isOnboardingFlagSet()).toBe(true);
  });

  it('keeps an invite token, refusing an empty or oversized one', () => {
    storeInviteToken('  tok-1 ');
    expect(readInviteToken()).toBe('tok-1');
    storeInviteToken('');
    storeInviteToken('x'.repeat(201));
    expect(readInviteToken()).toBe('tok-1');
  });

  it('remembers a sign-up after logout once', () => {
    expect(takeSignupAfterLogout()).toBe(false);
    requestSignupAfterLogout();
    expect(takeSignupAfterLogout()).toBe(true);
    expect(takeSignupAfterLogout()).toBe(false);
  });
});
