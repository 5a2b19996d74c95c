import {
  customerManagementApi as cm,
  type CustomerId,
  type InviteCreate,
  type UserRolesUpdate,
} from '@boon/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/api-client';
import { ApiError } from '../../api/api-error';
import { getConsoleConfig } from '../../config/console-config';
import { customer } from '../customers';
import { invite, olivia } from './serve-team';
import { apiError, type CommonErrorCode, type EndpointErrorCode } from './api-error-answer';
import { mockApi, takeApiMockProblems } from './api-mock-server';
import { mockEndpoint } from './mock-endpoint';

const ACME = 'C-ACME0001' as CustomerId;

function client(customerId: string | null = ACME): ApiClient {
  return createApiClient({
    baseUrls: getConsoleConfig().api,
    getAccessToken: async () => 'token-1',
    refreshAccessToken: async () => false,
    getCustomerId: () => customerId,
    onUnauthorized: () => {},
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('mockEndpoint types', () => {
  it('lets a mock answer only the codes its endpoint declares, and the common ones', () => {
    expectTypeOf<EndpointErrorCode<typeof cm.removeMember>>().toEqualTypeOf<
      'user_not_found' | CommonErrorCode
    >();
    mockEndpoint(cm.removeMember, () => apiError('user_not_found'));
    mockEndpoint(cm.removeMember, () => apiError('service_unavailable'));
    mockEndpoint(cm.removeMember, () =>
      // @ts-expect-error: the server never answers invite_not_found to DELETE /customer/:id/user/:id
      apiError('invite_not_found'),
    );
    mockEndpoint(cm.listPendingCustomers, () =>
      // @ts-expect-error: nor a pending-customer conflict to a list that declares none
      apiError('pending_customer_already_approved'),
    );
  });

  it("hands the resolver the request as the endpoint's schemas parse it", () => {
    mockEndpoint(cm.changeMemberRoles, ({ params, body, query, customerId }) => {
      expectTypeOf(params.userId).toEqualTypeOf<string>();
      expectTypeOf(body).toEqualTypeOf<UserRolesUpdate>();
      expectTypeOf(query).toEqualTypeOf<undefined>();
      expectTypeOf(customerId).toEqualTypeOf<string | null>();
      return olivia;
    });
    mockEndpoint(cm.createInvite, ({ body }) => {
      expectTypeOf(body).toEqualTypeOf<InviteCreate>();
      return invite(body.email, body.roles);
    });
  });

  it("requires the descriptor's success answer", () => {
    // @ts-expect-error: /user/me answers a user, not a customer
    mockEndpoint(cm.getUserMe, () => customer(ACME, 'Acme'));
    // A 204 endpoint answers nothing.
    mockEndpoint(cm.revokeInvite, () => undefined);
  });
});

describe('mockEndpoint', () => {
  it("answers at the descriptor's method and path with its success status and typed body", async () => {
    const seen: unknown[] = [];
    mockApi(
      mockEndpoint(cm.createInvite, ({ body, customerId, idempotencyKey, sentBody }) => {
        seen.push({ body, customerId, idempotencyKey, sentBody });
        return invite(body.email, body.roles);
      }),
    );

    const created = await client().call(cm.createInvite, {
      body: { email: ' bob@acme.test ', roles: ['viewer'] },
      idempotencyKey: 'key-1',
    });

    expect(created).toEqual(invite('bob@acme.test', ['viewer']));
    expect(seen).toEqual([
      {
        // Parsed by the schema as the server's handler gets it; sentBody is what left the console.
        body: { email: 'bob@acme.test', roles: ['viewer'] },
        customerId: ACME,
        idempotencyKey: 'key-1',
        sentBody: { email: ' bob@acme.test ', roles: ['viewer'] },
      },
    ]);
  });

  it('fills in path parameters and the query, and answers 204 without a body', async () => {
    const seen: unknown[] = [];
    mockApi(
      mockEndpoint(cm.removeMember, ({ params }) => {
        seen.push(params);
        return undefined;
      }),
      mockEndpoint(cm.listPendingCustomers, ({ query }) => {
        seen.push(query);
        return { items: [], nextCursor: null };
      }),
    );

    await expect(
      client().call(cm.removeMember, { params: { customerId: ACME, userId: 'U-ACMEADMIN' } }),
    ).resolves.toBeUndefined();
    await client().call(cm.listPendingCustomers, { query: { status: 'NEW', limit: 10 } });

    expect(seen).toEqual([
      { customerId: ACME, userId: 'U-ACMEADMIN' },
      { status: 'NEW', limit: 10 },
    ]);
  });

  it('answers a refusal with the catalogue status, text and field errors', async () => {
    mockApi(
      mockEndpoint(cm.createInvite, () =>
        apiError('validation_error', [{ path: 'email', message: 'Too long' }]),
      ),
      mockEndpoint(cm.resendInvite, () => apiError('invite_resend_too_soon')),
    );

    const refused = await failure(
      client().call(cm.createInvite, { body: { email: 'bob@acme.test', roles: ['viewer'] } }),
    );
    expect(refused).toMatchObject({
      status: 422,
      code: 'validation_error',
      message: 'ValidationErrorResponse',
      fieldErrors: [{ path: 'email', message: 'Too long' }],
    });
    const tooSoon = await failure(
      client().call(cm.resendInvite, { query: { email: 'bob@acme.test', customer_id: ACME } }),
    );
    expect(tooSoon).toMatchObject({ status: 429, code: 'invite_resend_too_soon' });
  });

  it('routes a literal segment before a parameter, as the server does, in any order', async () => {
    mockApi(
      mockEndpoint(cm.getCustomer, () => customer(ACME, 'Acme Rewards Ltd')),
      mockEndpoint(cm.customerExists, () => ({ exists: true, customerName: 'Initech' })),
    );

    await expect(
      client().call(cm.customerExists, { query: { domain: 'initech.test' } }),
    ).resolves.toEqual({ exists: true, customerName: 'Initech' });
    await expect(
      client().call(cm.getCustomer, { params: { customerId: ACME } }),
    ).resolves.toMatchObject({ customerId: ACME });
  });

  it('answers as the server would, and fails the test, when a mock breaks the contract', async () => {
    mockApi(
      // A cast gets past the types; the answer is checked again when sent.
      mockEndpoint(cm.removeMember, () => apiError('invite_not_found' as 'user_not_found')),
      mockEndpoint(cm.getUserMe, () => ({ id: 'nobody' }) as never),
      mockEndpoint(cm.changeMemberRoles, ({ body }) => ({ ...olivia, roles: body.roles })),
    );

    const undeclared = await failure(
      client().call(cm.removeMember, { params: { customerId: ACME, userId: 'U-ACMEADMIN' } }),
    );
    const badAnswer = await failure(client().call(cm.getUserMe));
    const badRequest = await failure(
      client().call(cm.changeMemberRoles, {
        params: { userId: 'U-ACMEADMIN' },
        body: { roles: ['owner' as 'admin'] },
      }),
    );
    const noTenant = await failure(
      client(null).call(cm.changeMemberRoles, {
        params: { userId: 'U-ACMEADMIN' },
        body: { roles: ['admin'] },
      }),
    );

    expect([undeclared, badAnswer, badRequest, noTenant].map((e) => e.code)).toEqual([
      'internal_error',
      'internal_error',
      'validation_error',
      'forbidden',
    ]);
    // Taken here, so that they fail this test only where it expects them.
    expect(takeApiMockProblems()).toEqual([
      'DELETE /customer/:customerId/user/:userId: answered invite_not_found, which the endpoint does not declare',
      expect.stringMatching(/^GET \/user\/me: answered a body its response schema refuses/),
      expect.stringMatching(/^PUT \/user\/:userId\/roles: sent a request its schemas refuse/),
      'PUT /user/:userId/roles: called without x-customer-id, which the server refuses',
    ]);
  });

  it('fails a call no test mocked', async () => {
    const unanswered = await failure(client().call(cm.getOnboardingState));

    expect(unanswered.code).toBe('network_error');
    expect(takeApiMockProblems()).toEqual([
      expect.stringMatching(
        /^no mock answers GET http:\/\/.*\/api\/customer-management\/onboarding-state$/,
      ),
    ]);
  });
});
