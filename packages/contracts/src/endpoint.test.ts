import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  declaredErrors,
  endpointPath,
  endpointPathParams,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from './endpoint.js';
import { customerManagementApi, mailApi } from './endpoints/index.js';
import { errorCatalogue } from './error-catalogue.js';

const all: [string, Endpoint][] = [
  ...Object.entries(customerManagementApi),
  ...Object.entries(mailApi),
];

/** The keys of a zod object schema, unwrapping optional/nullable wrappers. */
function objectKeys(schema: z.ZodType | undefined): string[] | undefined {
  let current: unknown = schema;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    current = (current as { def?: { innerType?: unknown } }).def?.innerType;
  }
  return undefined;
}

describe('endpoint descriptors', () => {
  it('are unique by method and path within a service', () => {
    const keys = all.map(([, e]) => `${e.service} ${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(all)('%s: its path parameters are exactly its params schema', async (_name, e) => {
    const schemas = await e.schemas();
    const inPath = endpointPathParams(e.path).sort();
    if (inPath.length === 0) expect(schemas.params).toBeUndefined();
    else expect(objectKeys(schemas.params)?.sort()).toEqual(inPath);
  });

  it.each(all)('%s: its tenant is a parameter it has', async (_name, e) => {
    const schemas = await e.schemas();
    if (e.tenant === undefined || e.tenant === 'header') return;
    if ('path' in e.tenant) expect(endpointPathParams(e.path)).toContain(e.tenant.path);
    else expect(objectKeys(schemas.query)).toContain(e.tenant.query);
  });

  it.each(all)('%s: a permission route names its tenant', (_name, e) => {
    if (typeof e.access === 'object') expect(e.tenant).toBeDefined();
  });

  it.each(all)('%s: only GET and DELETE go without a body schema', async (_name, e) => {
    const schemas = await e.schemas();
    if (e.method === 'GET') expect(schemas.body).toBeUndefined();
  });

  it.each(all)(
    '%s: takes an Idempotency-Key only where it changes something for a caller',
    (_name, e) => {
      if (e.idempotency) {
        expect(e.method).not.toBe('GET');
        expect(e.access).not.toBe('public');
      }
    },
  );

  it.each(all)('%s: declares catalogue errors only, each once', (_name, e) => {
    for (const code of e.errors) expect(errorCatalogue).toHaveProperty(code);
    expect(new Set(e.errors).size).toBe(e.errors.length);
  });

  it.each(all)('%s: a 204 answers nothing', async (_name, e) => {
    const schemas = await e.schemas();
    expect(schemas.response.safeParse(null).success).toBe(e.successStatus === 204);
  });
});

describe('endpointPath', () => {
  it.each([
    ['/user/me', {}, '/user/me'],
    ['/customer/:customerId/users', { customerId: 'C-ACME0001' }, '/customer/C-ACME0001/users'],
    [
      '/customer/:customerId/user/:userId',
      { customerId: 'C-1', userId: 'a/b?c' },
      '/customer/C-1/user/a%2Fb%3Fc',
    ],
  ])('%s with %o → %s', (path, params, expected) => {
    expect(endpointPath(path, params)).toBe(expected);
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointPath('/customer/:customerId', {})).toThrow('customerId');
  });
});

describe('endpoint types', () => {
  it('infers what a caller sends and gets', () => {
    type RolesInput = EndpointInput<typeof customerManagementApi.changeMemberRoles>;
    expectTypeOf<RolesInput['params']>().toEqualTypeOf<{ userId: string }>();
    expectTypeOf<keyof RolesInput>().toEqualTypeOf<'params' | 'body'>();
    expectTypeOf<keyof EndpointInput<typeof customerManagementApi.getUserMe>>().toBeNever();
    expectTypeOf<
      EndpointResponse<typeof customerManagementApi.removeMember>
    >().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointResponse<typeof customerManagementApi.listMyCustomers>>().toBeArray();
  });
});

describe('declaredErrors', () => {
  it("adds the idempotency platform's refusals to an endpoint that takes a key", () => {
    expect(declaredErrors({ errors: ['user_not_found'] })).toEqual(['user_not_found']);
    expect(declaredErrors({ errors: ['user_not_found'], idempotency: 'optional' })).toEqual([
      'user_not_found',
      'idempotency_key_missing',
      'idempotency_key_invalid',
      'idempotency_key_reused',
      'idempotency_key_in_flight',
    ]);
  });
});
