import {
  billingApi,
  customerManagementApi as cm,
  defaultServiceBasePaths,
  type ServiceBaseUrls,
} from '@boon/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, WRITE_TIMEOUT_MS, type ApiClientOptions } from './api-client';
import { ApiError } from './api-error';

const baseUrls: ServiceBaseUrls = defaultServiceBasePaths;

function setup(responses: Response[], overrides: Partial<ApiClientOptions> = {}) {
  const queue = [...responses];
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected request');
    return next;
  });
  const options: ApiClientOptions = {
    baseUrls,
    getAccessToken: vi.fn(async () => 'token-1'),
    refreshAccessToken: vi.fn(async () => false),
    getCustomerId: () => 'C-ACME0001',
    onUnauthorized: vi.fn(),
    fetch,
    ...overrides,
  };
  return { client: createApiClient(options), fetch, options };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function headersOf(fetch: ReturnType<typeof setup>['fetch'], call = 0): Headers {
  return new Headers(fetch.mock.calls[call]?.[1]?.headers);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('call', () => {
  it('fills in and encodes path parameters, and sends the method of the descriptor', async () => {
    const { client, fetch } = setup([new Response(null, { status: 204 })]);
    await client.call(cm.removeMember, { params: { customerId: 'C-ACME0001', userId: 'a/b' } });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/customer-management/customer/C-ACME0001/user/a%2Fb',
    );
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('leaves x-customer-id out where the path or query names the customer', async () => {
    const { client, fetch } = setup([json(200, []), json(200, [])], {
      getCustomerId: () => 'C-OTHER001',
    });
    await client.call(cm.listCustomerUsers, { params: { customerId: 'C-ACME0001' } });
    expect(headersOf(fetch, 0).has('x-customer-id')).toBe(false);
    await client.call(cm.changeMemberRoles, {
      params: { userId: 'U-1' },
      body: { roles: ['viewer'] },
    });
    expect(headersOf(fetch, 1).get('x-customer-id')).toBe('C-OTHER001');
  });

  it('sends an Idempotency-Key when given one', async () => {
    const { client, fetch } = setup([json(201, {})]);
    await client.call(cm.createInvite, {
      body: { email: 'a@b.test', roles: ['viewer'] },
      idempotencyKey: 'key-1',
    });
    expect(headersOf(fetch).get('Idempotency-Key')).toBe('key-1');
  });
});

describe('download', () => {
  it('asks for the representation and answers the file with its suggested name', async () => {
    const { client, fetch } = setup([
      new Response('a,b\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="transactions.csv"',
        },
      }),
    ]);
    const file = await client.download(billingApi.listTransactions, 'text/csv', {
      query: { currency: 'GBP' },
    });
    expect(headersOf(fetch).get('Accept')).toBe('text/csv');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/billing/transactions?currency=GBP');
    expect(file.filename).toBe('transactions.csv');
    expect(await file.blob.text()).toBe('a,b\r\n');
  });

  it('refuses with the error body like any call', async () => {
    const { client } = setup([json(403, { status: 403, code: 'forbidden', message: 'Forbidden' })]);
    const error = await failure(
      client.download(billingApi.listTransactions, 'text/csv', { query: {} }),
    );
    expect([error.status, error.code]).toEqual([403, 'forbidden']);
  });
});

describe('createApiClient', () => {
  it("calls the service's base address with the bearer token and the customer id", async () => {
    const { client, fetch } = setup([json(200, { ok: true })]);

    await expect(client.call(cm.getUserMe)).resolves.toEqual({ ok: true });

    expect(fetch.mock.calls[0]?.[0]).toBe('/api/customer-management/user/me');
    expect(headersOf(fetch).get('Authorization')).toBe('Bearer token-1');
    expect(headersOf(fetch).get('x-customer-id')).toBe('C-ACME0001');
  });

  it('leaves the customer id out when there is none, or when the call asks it to', async () => {
    const { client, fetch } = setup([json(200, []), json(200, [])], { getCustomerId: () => null });
    await client.call(cm.listMyCustomers);
    expect(headersOf(fetch).has('x-customer-id')).toBe(false);

    const scoped = setup([json(200, [])]);
    await scoped.client.call(cm.listMyCustomers, { withCustomerId: false });
    expect(headersOf(scoped.fetch).has('x-customer-id')).toBe(false);
  });

  it('sends JSON bodies and query parameters, and reads 204 as no body', async () => {
    const { client, fetch } = setup([new Response(null, { status: 204 })]);

    await expect(
      client.call(cm.revokeInvite, { query: { email: 'a@b.test', customer_id: 'C-ACME0001' } }),
    ).resolves.toBeUndefined();
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/customer-management/user/invite?email=a%40b.test&customer_id=C-ACME0001',
    );
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('DELETE');

    const patch = setup([json(200, {})]);
    await patch.client.call(cm.updateUserOptions, { body: { dataProcessingTncAccepted: true } });
    expect(patch.fetch.mock.calls[0]?.[1]?.method).toBe('PATCH');
    const fetchCalls = patch.fetch;
    expect(fetchCalls.mock.calls[0]?.[1]?.body).toBe('{"dataProcessingTncAccepted":true}');
    expect(headersOf(fetchCalls).get('Content-Type')).toBe('application/json');
  });

  describe('error mapping', () => {
    it('keeps the code and message of our error shape', async () => {
      const { client } = setup([
        json(404, { status: 404, code: 'user_not_found', message: "User doesn't exist for you" }),
      ]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({
        status: 404,
        code: 'user_not_found',
        message: "User doesn't exist for you",
      });
    });

    it('keeps field errors of a validation failure', async () => {
      const body = {
        status: 422,
        code: 'validation_error',
        message: 'ValidationErrorResponse',
        fieldErrors: [{ path: 'email', message: 'Invalid email' }],
      };
      const { client } = setup([json(422, body)]);

      const error = await failure(
        client.call(cm.createInvite, { body: { email: 'a@b.test', roles: ['viewer'] } }),
      );
      expect(error.fieldErrors).toEqual([{ path: 'email', message: 'Invalid email' }]);
    });

    it.each([
      [400, 'Bad Request', 'bad_request'],
      [401, 'Unauthorized', 'unauthorized'],
      [403, 'Forbidden', 'forbidden'],
      [404, 'Not Found', 'not_found'],
      [500, 'Internal Server Error', 'internal_error'],
      [502, 'Bad Gateway', 'bad_gateway'],
      [503, 'Service Unavailable', 'service_unavailable'],
    ])('gives %i without our shape the default text "%s"', async (status, message, code) => {
      const { client } = setup([
        new Response('<html><body>proxy error</body></html>', {
          status,
          headers: { 'Content-Type': 'text/html' },
        }),
      ]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({ status, code, message });
    });

    it.each([
      [409, 'conflict'],
      [418, 'client_error'],
      [422, 'validation_error'],
      [429, 'rate_limited'],
      [504, 'server_error'],
    ])('gives %i without our shape "Generic Error" (code %s)', async (status, code) => {
      const { client } = setup([new Response('', { status })]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({ status, code, message: 'Generic Error' });
    });

    it("does not mistake someone else's JSON error for ours", async () => {
      const { client } = setup([json(403, { error: 'forbidden', error_description: 'nope' })]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Forbidden' });
    });

    it('reports an unreachable server in words, with status 0', async () => {
      const fetch = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const { client } = setup([], { fetch });

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({
        status: 0,
        code: 'network_error',
        message:
          "We can't reach Boon right now; nothing was changed. Check your connection and try again.",
      });
    });

    it('passes a cancelled call on as it is, not as a failure of ours', async () => {
      const controller = new AbortController();
      const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
        controller.abort();
        throw init?.signal?.reason;
      });
      const { client } = setup([], { fetch });

      const error: unknown = await client
        .call(cm.getUserMe, { signal: controller.signal })
        .catch((reason: unknown) => reason);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toHaveProperty('name', 'AbortError');
    });

    it('reports a body that is not JSON on success as "Generic Error"', async () => {
      const { client } = setup([new Response('<html></html>', { status: 200 })]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({ code: 'invalid_response', message: 'Generic Error' });
    });
  });

  describe('time limit', () => {
    /** A fetch that never answers, until its signal is aborted. */
    const hangingFetch = () =>
      vi.fn(
        (_url: unknown, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            if (init?.signal?.aborted) reject(init.signal.reason);
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      );

    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives up on a write after WRITE_TIMEOUT_MS and says a retry is safe when it is', async () => {
      vi.useFakeTimers();
      const fetch = hangingFetch();
      const { client } = setup([], { fetch });

      const pending = failure(
        client.call(cm.createInvite, {
          body: { email: 'a@b.test', roles: ['viewer'] },
          idempotencyKey: 'key-1',
        }),
      );
      await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
      expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);

      expect(await pending).toMatchObject({
        status: 0,
        code: 'timeout',
        message:
          "Boon didn't answer in time, so we can't tell whether this went through. Trying again is safe: it won't be done twice.",
      });
    });

    it('tells the user to check first when the write carried no Idempotency-Key', async () => {
      vi.useFakeTimers();
      const { client } = setup([], { fetch: hangingFetch(), writeTimeoutMs: 1000 });

      const pending = failure(
        client.call(cm.updateUserOptions, { body: { dataProcessingTncAccepted: true } }),
      );
      await vi.advanceTimersByTimeAsync(1000);

      expect((await pending).message).toBe(
        "Boon didn't answer in time, so we can't tell whether this went through. Check before you try again.",
      );
    });

    it('leaves reads without a limit unless the call sets one', async () => {
      vi.useFakeTimers();
      const fetch = hangingFetch();
      const { client } = setup([], { fetch });

      let settled = false;
      void client.call(cm.getUserMe).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(10 * WRITE_TIMEOUT_MS);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(settled).toBe(false);

      const limited = failure(client.call(cm.getUserMe, { timeoutMs: 500 }));
      await vi.advanceTimersByTimeAsync(500);
      expect(await limited).toMatchObject({
        code: 'timeout',
        message: 'Boon is taking too long to answer. Try again in a moment.',
      });
    });

    it('still lets the caller cancel a write, which is no time-out', async () => {
      const controller = new AbortController();
      const { client } = setup([], { fetch: hangingFetch() });

      const pending = client
        .call(cm.updateUserOptions, {
          body: { dataProcessingTncAccepted: true },
          signal: controller.signal,
        })
        .catch((reason: unknown) => reason);
      controller.abort();

      expect(await pending).not.toBeInstanceOf(ApiError);
    });

    it('clears its timer once the answer is in', async () => {
      vi.useFakeTimers();
      const { client } = setup([json(200, {})]);

      await client.call(cm.updateUserOptions, { body: { dataProcessingTncAccepted: true } });
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('on 401', () => {
    it('renews the token once and repeats the call', async () => {
      const tokens = ['stale', 'fresh'];
      const { client, fetch, options } = setup(
        [new Response('', { status: 401 }), json(200, { ok: 1 })],
        {
          getAccessToken: vi.fn(async () => tokens.shift() ?? null),
          refreshAccessToken: vi.fn(async () => true),
        },
      );

      await expect(client.call(cm.getUserMe)).resolves.toEqual({ ok: 1 });
      expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
      // The refused token: if another tab renewed it meanwhile, its successor is used as it is.
      expect(options.refreshAccessToken).toHaveBeenCalledWith('stale');
      expect(headersOf(fetch, 1).get('Authorization')).toBe('Bearer fresh');
      expect(options.onUnauthorized).not.toHaveBeenCalled();
    });

    it('sends the user to login when the token cannot be renewed', async () => {
      const { client, fetch, options } = setup([new Response('', { status: 401 })]);

      const error = await failure(client.call(cm.getUserMe));
      expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('sends the user to login when the renewed token is refused too', async () => {
      const { client, fetch, options } = setup(
        [new Response('', { status: 401 }), new Response('', { status: 401 })],
        { refreshAccessToken: vi.fn(async () => true) },
      );

      await failure(client.call(cm.getUserMe));
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
      expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    });
  });
});
