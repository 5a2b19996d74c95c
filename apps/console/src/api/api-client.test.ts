import { defaultServiceBasePaths, type ServiceBaseUrls } from '@boon/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './api-client';
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

describe('createApiClient', () => {
  it("calls the service's base address with the bearer token and the customer id", async () => {
    const { client, fetch } = setup([json(200, { ok: true })]);

    await expect(client.request('customerManagement', '/user/me')).resolves.toEqual({ ok: true });

    expect(fetch.mock.calls[0]?.[0]).toBe('/api/customer-management/user/me');
    expect(headersOf(fetch).get('Authorization')).toBe('Bearer token-1');
    expect(headersOf(fetch).get('x-customer-id')).toBe('C-ACME0001');
  });

  it('leaves the customer id out when there is none, or when the call asks it to', async () => {
    const { client, fetch } = setup([json(200, []), json(200, [])], { getCustomerId: () => null });
    await client.request('customerManagement', '/customer');
    expect(headersOf(fetch).has('x-customer-id')).toBe(false);

    const scoped = setup([json(200, [])]);
    await scoped.client.request('customerManagement', '/customer', { withCustomerId: false });
    expect(headersOf(scoped.fetch).has('x-customer-id')).toBe(false);
  });

  it('sends JSON bodies and query parameters, and reads 204 as no body', async () => {
    const { client, fetch } = setup([new Response(null, { status: 204 })]);

    await expect(
      client.request('customerManagement', '/user/me/options', {
        method: 'PATCH',
        body: { dataProcessingTncAccepted: true },
        query: { email: 'a@b.test', skip: undefined },
      }),
    ).resolves.toBeUndefined();

    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/customer-management/user/me/options?email=a%40b.test',
    );
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"dataProcessingTncAccepted":true}');
    expect(headersOf(fetch).get('Content-Type')).toBe('application/json');
  });

  describe('error mapping', () => {
    it('keeps the code and message of our error shape', async () => {
      const { client } = setup([
        json(404, { status: 404, code: 'user_not_found', message: "User doesn't exist for you" }),
      ]);

      const error = await failure(client.request('customerManagement', '/user/me'));
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
        client.request('customerManagement', '/user/invite', { method: 'POST' }),
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

      const error = await failure(client.request('ordering', '/orders'));
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

      const error = await failure(client.request('ordering', '/orders'));
      expect(error).toMatchObject({ status, code, message: 'Generic Error' });
    });

    it("does not mistake someone else's JSON error for ours", async () => {
      const { client } = setup([json(403, { error: 'forbidden', error_description: 'nope' })]);

      const error = await failure(client.request('ordering', '/orders'));
      expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Forbidden' });
    });

    it('reports an unreachable server as "Generic Error" with status 0', async () => {
      const fetch = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const { client } = setup([], { fetch });

      const error = await failure(client.request('ordering', '/orders'));
      expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'Generic Error' });
    });

    it('reports a body that is not JSON on success as "Generic Error"', async () => {
      const { client } = setup([new Response('<html></html>', { status: 200 })]);

      const error = await failure(client.request('ordering', '/orders'));
      expect(error).toMatchObject({ code: 'invalid_response', message: 'Generic Error' });
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

      await expect(client.request('customerManagement', '/user/me')).resolves.toEqual({ ok: 1 });
      expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
      // The refused token: if another tab renewed it meanwhile, its successor is used as it is.
      expect(options.refreshAccessToken).toHaveBeenCalledWith('stale');
      expect(headersOf(fetch, 1).get('Authorization')).toBe('Bearer fresh');
      expect(options.onUnauthorized).not.toHaveBeenCalled();
    });

    it('sends the user to login when the token cannot be renewed', async () => {
      const { client, fetch, options } = setup([new Response('', { status: 401 })]);

      const error = await failure(client.request('customerManagement', '/user/me'));
      expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('sends the user to login when the renewed token is refused too', async () => {
      const { client, fetch, options } = setup(
        [new Response('', { status: 401 }), new Response('', { status: 401 })],
        { refreshAccessToken: vi.fn(async () => true) },
      );

      await failure(client.request('customerManagement', '/user/me'));
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
      expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    });
  });
});
