import { describe, expect, it } from 'vitest';
import type { TenantSource } from '@boon/contracts';
import { effectiveTenantSource, requestedTenant, type TenantInputs } from './requested-tenant.js';

const own = 'C-ACME0001';
const other = 'C-GLOBEX01';
const none: TenantInputs = { header: undefined, params: {}, query: {} };

describe('requestedTenant', () => {
  it.each<
    [string, TenantSource | undefined, Partial<TenantInputs>, ReturnType<typeof requestedTenant>]
  >([
    ['no source, no header', undefined, {}, { ok: true, customerId: undefined }],
    ['no source, a header', undefined, { header: own }, { ok: true, customerId: own }],
    ['header source, a header', 'header', { header: own }, { ok: true, customerId: own }],
    ['header source, none', 'header', {}, { ok: false, reason: 'missing' }],
    ['header sent twice', 'header', { header: [own, other] }, { ok: false, reason: 'ambiguous' }],
    [
      'path, no header',
      { path: 'customerId' },
      { params: { customerId: own } },
      { ok: true, customerId: own, field: 'params.customerId' },
    ],
    [
      'path and the same header',
      { path: 'customerId' },
      { header: own, params: { customerId: own } },
      { ok: true, customerId: own, field: 'params.customerId' },
    ],
    [
      'path and another header',
      { path: 'customerId' },
      { header: other, params: { customerId: own } },
      { ok: false, reason: 'ambiguous', field: 'params.customerId' },
    ],
    [
      'path parameter missing',
      { path: 'customerId' },
      { header: own },
      { ok: false, reason: 'missing', field: 'params.customerId' },
    ],
    [
      'query',
      { query: 'customer_id' },
      { query: { customer_id: own } },
      { ok: true, customerId: own, field: 'querystring.customer_id' },
    ],
    [
      'query and another header',
      { query: 'customer_id' },
      { header: other, query: { customer_id: own } },
      { ok: false, reason: 'ambiguous', field: 'querystring.customer_id' },
    ],
    [
      'query given twice',
      { query: 'customer_id' },
      { query: { customer_id: [own, own] } },
      { ok: false, reason: 'ambiguous', field: 'querystring.customer_id' },
    ],
    [
      'query missing',
      { query: 'customer_id' },
      { header: own },
      { ok: false, reason: 'missing', field: 'querystring.customer_id' },
    ],
    [
      'optional query missing, a header',
      { query: 'customer_id', optional: true },
      { header: own },
      { ok: true, customerId: own },
    ],
    [
      'optional query missing, no header',
      { query: 'customer_id', optional: true },
      {},
      { ok: true, customerId: undefined },
    ],
    [
      'optional query and another header',
      { query: 'customer_id', optional: true },
      { header: other, query: { customer_id: own } },
      { ok: false, reason: 'ambiguous', field: 'querystring.customer_id' },
    ],
  ])('%s', (_name, source, inputs, expected) => {
    expect(requestedTenant(source, { ...none, ...inputs })).toEqual(expected);
  });
});

describe('requestedTenant with a customer id format', () => {
  const isCustomerId = (value: string) => /^C-[A-Z0-9]{8}$/.test(value);
  it('calls a malformed path or query value a field to correct, before comparing it', () => {
    expect(
      requestedTenant(
        { query: 'customer_id' },
        { ...none, header: own, query: { customer_id: 'acme' } },
        isCustomerId,
      ),
    ).toEqual({ ok: false, reason: 'malformed', field: 'querystring.customer_id' });
    expect(
      requestedTenant(
        { path: 'customerId' },
        { ...none, params: { customerId: 'x' } },
        isCustomerId,
      ),
    ).toEqual({ ok: false, reason: 'malformed', field: 'params.customerId' });
  });

  it('leaves the header to the membership check, which refuses what it does not know', () => {
    expect(requestedTenant('header', { ...none, header: 'acme' }, isCustomerId)).toEqual({
      ok: true,
      customerId: 'acme',
    });
  });
});

describe('effectiveTenantSource', () => {
  it('gives a permission route the header unless it names another place', () => {
    expect(effectiveTenantSource({ permissions: [] }, undefined)).toBe('header');
    expect(effectiveTenantSource({ permissions: [] }, { path: 'customerId' })).toEqual({
      path: 'customerId',
    });
    expect(effectiveTenantSource('authenticated', undefined)).toBeUndefined();
    expect(effectiveTenantSource('staff', { path: 'customerId' })).toEqual({ path: 'customerId' });
  });
});
