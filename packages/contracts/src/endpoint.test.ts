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
import * as endpointGroups from './endpoints/index.js';
import type { customerManagementApi } from './endpoints/index.js';
import { errorCatalogue } from './error-catalogue.js';

/** Every descriptor of every endpoint group, named `<group>.<endpoint>`. */
const all: [string, Endpoint][] = Object.entries(endpointGroups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, e]): [string, Endpoint] => [`${group}.${name}`, e]),
);

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
  it('are every descriptor of every endpoint module, each exported in a group', async () => {
    const modules = import.meta.glob<Record<string, Endpoint>>([
      './endpoints/*.ts',
      '!./endpoints/*-schemas.ts',
      '!./endpoints/index.ts',
    ]);
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(7);
    const grouped = new Set(all.map(([, e]) => e));
    for (const [file, load] of Object.entries(modules)) {
      for (const [name, e] of Object.entries(await load())) {
        expect(grouped.has(e), `${file}: ${name}`).toBe(true);
      }
    }
    for (const [name, e] of all) expect(typeof e.schemas, name).toBe('function');
  });

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

  it.each(all)('%s: a GET takes no body', async (_name, e) => {
    const schemas = await e.schemas();
    if (e.method === 'GET') expect(schemas.body).toBeUndefined();
  });

  it.each(all)('%s: every schema has a JSON Schema, for the API description', async (_name, e) => {
    const { params, query, body, response } = await e.schemas();
    for (const schema of [params, query, body]) {
      if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    }
    expect(() => z.toJSONSchema(response, { io: 'output' })).not.toThrow();
  });

  it.each(all)(
    '%s: belongs to the service its group is for, with a path and a summary',
    (name, e) => {
      const group = name.slice(0, name.indexOf('Api.'));
      expect(e.service).toBe(group);
      expect(e.path).toMatch(/^\//);
      expect(e.summary.trim()).not.toBe('');
    },
  );

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
