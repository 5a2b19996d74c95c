import type { EndpointAccess, TenantSource } from '@boon/contracts';

/** What a request says about the customer it acts for, as the HTTP layer received it. */
export interface TenantInputs {
  /** `x-customer-id` (an array when the header was sent twice). */
  header: string | string[] | undefined;
  params: unknown;
  query: unknown;
}

export type TenantDecision =
  | {
      ok: true;
      customerId: string | undefined;
      /** The request field that named it (`params.customerId`), none for the header. */
      field?: string;
    }
  | { ok: false; reason: 'missing' | 'malformed' | 'ambiguous'; field?: string };

/** A permission route acts for a tenant; unless it names another place, that is the header. */
export function effectiveTenantSource(
  access: EndpointAccess | undefined,
  tenant: TenantSource | undefined,
): TenantSource | undefined {
  return tenant ?? (typeof access === 'object' ? 'header' : undefined);
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The customer a request acts for: the one its route's tenant source names, which must agree with
 * `x-customer-id` when both are sent. A request naming two customers is refused rather than
 * served for either, so a console acting for one customer can never touch another through a wrong
 * path or query. Routes without a tenant source may still select a customer with the header.
 */
export function requestedTenant(
  source: TenantSource | undefined,
  { header, params, query }: TenantInputs,
  /** Whether a value has the form of a customer id; a malformed path or query value is a field error. */
  isCustomerId: (value: string) => boolean = () => true,
): TenantDecision {
  if (Array.isArray(header)) return { ok: false, reason: 'ambiguous' };
  let named: unknown;
  let required = false;
  let where: string | undefined;
  if (source === 'header' || source === undefined) {
    named = header;
    required = source === 'header';
  } else if ('path' in source) {
    named = field(params, source.path);
    required = true;
    where = `params.${source.path}`;
  } else {
    named = field(query, source.query);
    required = source.optional !== true;
    where = `querystring.${source.query}`;
  }
  const at = where === undefined ? {} : { field: where };
  if (named !== undefined && typeof named !== 'string') {
    return { ok: false, reason: 'ambiguous', ...at };
  }
  if (named === undefined || named === '') {
    return required ? { ok: false, reason: 'missing', ...at } : { ok: true, customerId: header };
  }
  if (where !== undefined && !isCustomerId(named)) return { ok: false, reason: 'malformed', ...at };
  if (header !== undefined && header !== named) return { ok: false, reason: 'ambiguous', ...at };
  return { ok: true, customerId: named, ...at };
}
