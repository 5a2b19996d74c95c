import type {
  Customer,
  FieldError,
  InviteByToken,
  OnboardingStateResponse,
  UserMe,
} from '@boon/contracts';
import { vi } from 'vitest';
import { customer } from '../../../test/customers';
import { fakeAuth } from '../../../test/fake-auth';
import { testUser } from '../../../test/users';

const BASE = '/api/customer-management';

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

export interface OnboardingServerState {
  /** The backend user; null answers GET /user/me with 404 "User doesn't exist for you". */
  user: UserMe | null;
  /** The identity's address, for the user POST /user/me creates. */
  email: string;
  customers: Customer[];
  invites: Record<string, InviteAnswer>;
  pendingCustomer: OnboardingStateResponse | null;
  /** Answers POST /pending-customer with this error instead of creating the company. */
  refusePendingCustomer: { status: number; code: string; fieldErrors?: FieldError[] } | null;
  /** Answers POST /user/me with this error instead of creating the user. */
  refuseUserCreate: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: FieldError[];
  } | null;
  /** Answers POST /user/activate with this status, whatever the token. */
  refuseActivation: number | null;
  /** Answers every other call with this status (an outage). */
  failWith: number | null;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
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
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const error = (status: number, code: string, message: string, fieldErrors?: FieldError[]) =>
    json({ status, code, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) : url.pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({
      method,
      path,
      query: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    });
    if (state.failWith) return error(state.failWith, 'service_unavailable', 'Service Unavailable');

    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /user/me':
        return state.user
          ? json(state.user)
          : error(404, 'user_not_found', "User doesn't exist for you");
      case 'POST /user/me': {
        if (state.refuseUserCreate) {
          const { status, code, message, fieldErrors } = state.refuseUserCreate;
          return error(status, code, message, fieldErrors);
        }
        if (state.user) return error(409, 'user_already_exists', 'User already exists');
        const { firstName, lastName } = body as { firstName: string; lastName: string };
        state.user = testUser({
          id: 'U-NEWUSER1',
          firstName,
          lastName,
          emailAddress: state.email,
          customerIds: [],
          roles: [],
          permissions: [],
        });
        return json(state.user, 201);
      }
      case 'GET /user/invite': {
        const token = url.searchParams.get('token');
        if (!token) return error(400, 'missing_token', "Missing 'token' from request");
        const answer = state.invites[token];
        if (!answer || answer.status === 404)
          return error(404, 'invite_not_found', 'Invite not found');
        if (answer.status === 200) return json(answer.invite);
        if (answer.status === 400)
          return error(400, 'missing_token', "Missing 'token' from request");
        return error(422, 'validation_error', 'ValidationErrorResponse');
      }
      case 'POST /user/activate': {
        if (state.refuseActivation) {
          return error(state.refuseActivation, 'user_already_active', 'User is already active');
        }
        const { token } = body as { token: string };
        const answer = state.invites[token];
        if (!state.user) return error(404, 'user_not_found', "User doesn't exist for you");
        if (!answer || answer.status !== 200)
          return error(404, 'invite_not_found', 'Invite not found');
        const { customerId, customerName, roles } = answer.invite;
        state.user = { ...state.user, customerIds: [customerId], roles };
        state.customers = [customer(customerId, customerName)];
        return json({ customerId, roles });
      }
      case 'GET /customer':
        return state.customers.length > 0
          ? json(state.customers)
          : error(404, 'no_customers_found', 'No customers found');
      case 'GET /onboarding-state':
        return state.pendingCustomer
          ? json(state.pendingCustomer)
          : error(404, 'not_found', 'Not Found');
      case 'POST /pending-customer': {
        if (state.refusePendingCustomer) {
          const { status, code, fieldErrors } = state.refusePendingCustomer;
          return error(
            status,
            code,
            status === 422 ? 'ValidationErrorResponse' : 'Conflict',
            fieldErrors,
          );
        }
        const { companyName } = body as { companyName: string };
        state.pendingCustomer = {
          pendingCustomerId: 'P-NEWCO001',
          companyName,
          approvalStatus: 'NEW',
          onboardingTaskState: 'STARTED',
        };
        return json(state.pendingCustomer, 201);
      }
      case 'GET /customer/exists': {
        const domain = url.searchParams.get('domain');
        return domain === 'acme.test'
          ? json({ exists: true, customerName: 'Acme Rewards Ltd' })
          : error(404, 'not_found', 'Not Found');
      }
      default:
        return error(404, 'not_found', 'Not Found');
    }
  });
  vi.stubGlobal('fetch', fetch);
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
