import {
  customerManagementApi as cm,
  type Customer,
  type Endpoint,
  type FieldError,
  type InviteByToken,
  type OnboardingStateResponse,
  type UserMe,
} from '@boon/contracts';
import { vi } from 'vitest';
import { customer } from '../customers';
import { fakeAuth } from '../fake-auth';
import { testUser } from '../users';
import { apiError, type CommonErrorCode, type EndpointErrorCode } from './api-error-answer';
import { mockApi } from './api-mock-server';
import { serveLastCustomer } from './serve-last-customer';
import { mockEndpoint, type EndpointResolver } from './mock-endpoint';
import { recordedCall, type RecordedCall } from './recorded-call';

export type { RecordedCall };

/** An unsigned JWT whose payload holds `claims`: enough for the console, which only reads it. */
export function accessTokenFor(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode(claims)}.signature`;
}

/** A signed-in Auth whose access token names `email`. */
export function signedInAs(email: string) {
  return fakeAuth({ getAccessToken: vi.fn(async () => accessTokenFor({ email })) });
}

/** The invite of `token` as GET /user/invite answers it. */
export type InviteAnswer = { status: 200; invite: InviteByToken } | { status: 400 | 404 | 422 };

/** A refusal the served fake answers with, in place of what the call would do. */
interface Refusal<E extends Endpoint> {
  code: EndpointErrorCode<E>;
  fieldErrors?: FieldError[];
}

export interface OnboardingServerState {
  /** The backend user; null answers GET /user/me with 404 "User doesn't exist for you". */
  user: UserMe | null;
  /** The identity's address, for the user POST /user/me creates. */
  email: string;
  customers: Customer[];
  invites: Record<string, InviteAnswer>;
  pendingCustomer: OnboardingStateResponse | null;
  /** Answers POST /pending-customer with this error instead of creating the company. */
  refusePendingCustomer: Refusal<typeof cm.createPendingCustomer> | null;
  /** Answers POST /user/me with this error instead of creating the user. */
  refuseUserCreate: Refusal<typeof cm.createUserMe> | null;
  /** Answers POST /user/activate with this error, whatever the token. */
  refuseActivation: EndpointErrorCode<typeof cm.activateUser> | null;
  /** Answers every call with this error (an outage): one any endpoint may answer. */
  failWith: CommonErrorCode | null;
}

export const acmeInvite: InviteByToken = {
  email: 'new.hire@acme.test',
  customerId: 'C-ACME0001' as InviteByToken['customerId'],
  customerName: 'Acme Rewards Ltd',
  roles: ['admin'],
  expiresAt: '2026-04-01T00:00:00Z',
};

/**
 * The customer management service as onboarding meets it, in memory: the user, invites, the
 * pending customer and the customers, changed by the calls as the server changes them. Every call
 * is recorded.
 */
export function serveOnboarding(initial: Partial<OnboardingServerState> = {}) {
  const state: OnboardingServerState = {
    user: null,
    email: 'new.user@initech.test',
    customers: [],
    invites: {},
    pendingCustomer: null,
    refusePendingCustomer: null,
    refuseUserCreate: null,
    refuseActivation: null,
    failWith: null,
    ...initial,
  };
  const calls: RecordedCall[] = [];

  /** Records the call, and answers it with the outage when there is one. */
  const serve = <E extends Endpoint>(endpoint: E, resolver: NoInfer<EndpointResolver<E>>) =>
    mockEndpoint(endpoint, (request) => {
      calls.push(recordedCall(endpoint, request));
      return state.failWith ? apiError(state.failWith) : resolver(request);
    });

  serveLastCustomer();
  mockApi(
    serve(cm.getUserMe, () => state.user ?? apiError('user_not_found')),
    serve(cm.createUserMe, ({ body }) => {
      if (state.refuseUserCreate) {
        return apiError(state.refuseUserCreate.code, state.refuseUserCreate.fieldErrors);
      }
      if (state.user) return apiError('user_already_exists');
      state.user = testUser({
        id: 'U-NEWUSER1',
        firstName: body.firstName,
        lastName: body.lastName,
        emailAddress: state.email,
        customerIds: [],
        roles: [],
        permissions: [],
      });
      return state.user;
    }),
    serve(cm.lookUpInvites, ({ query }) => {
      if (!query.token) return apiError('missing_token');
      const answer = state.invites[query.token];
      if (!answer || answer.status === 404) return apiError('invite_not_found');
      if (answer.status === 200) return answer.invite;
      if (answer.status === 400) return apiError('missing_token');
      return apiError('validation_error');
    }),
    serve(cm.activateUser, ({ body }) => {
      if (state.refuseActivation) return apiError(state.refuseActivation);
      const answer = body?.token ? state.invites[body.token] : undefined;
      if (!state.user) return apiError('user_not_found');
      if (!answer || answer.status !== 200) return apiError('invite_not_found');
      const { customerId, customerName, roles } = answer.invite;
      state.user = { ...state.user, customerIds: [customerId], roles };
      state.customers = [customer(customerId, customerName)];
      return { customerId, roles };
    }),
    serve(cm.listMyCustomers, () =>
      state.customers.length > 0 ? state.customers : apiError('no_customers_found'),
    ),
    serve(cm.getOnboardingState, () => state.pendingCustomer ?? apiError('not_found')),
    serve(cm.createPendingCustomer, ({ body }) => {
      if (state.refusePendingCustomer) {
        return apiError(state.refusePendingCustomer.code, state.refusePendingCustomer.fieldErrors);
      }
      state.pendingCustomer = {
        pendingCustomerId: 'P-NEWCO001',
        companyName: body.companyName,
        approvalStatus: 'NEW',
        onboardingTaskState: 'STARTED',
      };
      return state.pendingCustomer;
    }),
    serve(cm.customerExists, ({ query }) =>
      query.domain === 'acme.test'
        ? { exists: true, customerName: 'Acme Rewards Ltd' }
        : apiError('no_customers_found'),
    ),
  );
  const callsTo = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { state, calls, callsTo };
}

/** A pending customer in the given states, as GET /onboarding-state answers. */
export function pendingCustomer(
  approvalStatus: OnboardingStateResponse['approvalStatus'],
  onboardingTaskState: OnboardingStateResponse['onboardingTaskState'] = 'COMPLETE',
  companyName = 'Initech',
): OnboardingStateResponse {
  return { pendingCustomerId: 'P-INITECH1', companyName, approvalStatus, onboardingTaskState };
}

/** A backend user without customers (after account-details, before approval). */
export function userWithoutCustomer(email = 'new.user@initech.test'): UserMe {
  return testUser({
    id: 'U-NEWUSER1',
    firstName: 'Nina',
    lastName: 'New',
    emailAddress: email,
    customerIds: [],
    roles: [],
    permissions: [],
  });
}
