import { permissions, roles, rolesMatrix, type Permission, type Role } from '@boon/contracts';
import { customers, memberships, users } from '@boon/db';
import type { RouteAccess } from '@boon/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../src/plugins/access-declarations.js';
import { startTestServer } from './test-server.js';

/**
 * Every registered /api route (read from the running app, so a new route is walked without being
 * listed here) × every role of decisions.md's matrix, staff and a user of another tenant: the
 * route's declared access is what the server enforces, with memberships read from the database.
 * Expectations come from the roles matrix itself, not from the server's own permission code.
 */

const TENANT = 'C-MATRIX01';
const OTHER_TENANT = 'C-OTHERTEN';
const MISSING_TENANT = 'C-ZZZZZZZZ';
const TEST_PREFIX = '/api/route-access-test';

const forbidden = { status: 403, code: 'forbidden', message: 'Forbidden' };

/**
 * Routes declaring permissions the way business endpoints will: one per permission of the matrix,
 * combinations in both modes, other methods, path parameters, and the two plain declarations.
 */
function addTestRoutes(app: FastifyInstance) {
  const echo = async (request: FastifyRequest) => ({
    customerId: request.auth?.customerId ?? null,
  });
  const declare = (method: string, url: string, access: RouteAccess) =>
    app.route({ method, url: `${TEST_PREFIX}${url}`, config: { access }, handler: echo });

  for (const permission of permissions) {
    declare('GET', `/${permission.replace(':', '/')}`, { permissions: [permission] });
  }
  // The spec's route requirements: order create (all), add funds (any of the three top-ups).
  declare('POST', '/orders', { permissions: ['write:orders', 'read:products'] });
  declare('PUT', '/add-funds', {
    permissions: ['write:top_up_by_bank', 'write:top_up_by_card', 'write:top_up_by_fx'],
    mode: 'any',
  });
  declare('DELETE', '/customer/:customerId/cards/:cardId', {
    permissions: ['delete:payment_cards'],
  });
  declare('PATCH', '/profile', 'authenticated');
  declare('GET', '/staff-only', 'staff');
  declare('GET', '/members-or-staff', { permissions: ['read:team_members'], orStaff: true });
  declare('GET', '/status', 'public');
}

const server = await startTestServer({}, addTestRoutes);
afterAll(() => server.close());

// ---------------------------------------------------------------------------------------------
// Who calls: one user per role at TENANT, staff, and the owner of another tenant. Their tokens
// claim every role, every permission and staff: the server must go by the database alone.
// ---------------------------------------------------------------------------------------------

interface Persona {
  name: string;
  userId: string;
  /** The role held at TENANT. */
  role?: Role;
  staff?: boolean;
  /** Owner of OTHER_TENANT, nothing at TENANT. */
  outsider?: boolean;
  token: string;
}

const featureFlags = {
  balances: { enabled: false, floats: [], cardFees: false },
  fx: false,
  breakage: false,
  discounts: false,
};
await server.db.insert(customers).values([
  { id: TENANT, name: 'Matrix Test Ltd', featureFlags },
  { id: OTHER_TENANT, name: 'Other Tenant Ltd', featureFlags },
]);

async function addPersona(
  name: string,
  options: { role?: Role; staff?: boolean; outsider?: boolean },
): Promise<Persona> {
  const userId = `U-MATRIX${name.replace(/[^a-z]/gi, '').toUpperCase()}`;
  const email = `${name}@matrix.test`;
  await server.db.insert(users).values({
    id: userId,
    email,
    emailVerified: true,
    isStaff: options.staff ?? false,
  });
  if (options.role) {
    await server.db
      .insert(memberships)
      .values({ userId, customerId: TENANT, roles: [options.role] });
  }
  if (options.outsider) {
    await server.db
      .insert(memberships)
      .values({ userId, customerId: OTHER_TENANT, roles: ['owner'] });
  }
  const now = Math.floor(Date.now() / 1000);
  const token = await server.signWithIssuerKey({
    iss: server.config.oidc.issuer,
    aud: server.config.oidc.audience,
    sub: userId,
    client_id: server.config.oidc.clientId,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: true,
    is_staff: true,
    customer_ids: [TENANT, OTHER_TENANT],
    customer_id: TENANT,
    roles: [...roles],
    permissions: [...permissions],
  });
  return { name, userId, ...options, token };
}

const personas: Persona[] = [
  ...(await Promise.all(roles.map((role) => addPersona(role, { role })))),
  await addPersona('staff', { staff: true }),
  await addPersona('outsider', { outsider: true }),
];

// ---------------------------------------------------------------------------------------------
// What the matrix says.
// ---------------------------------------------------------------------------------------------

/** Whether holding `held` satisfies `access` at a customer, straight from the roles matrix. */
function satisfies(held: Role[], access: Exclude<RouteAccess, string>) {
  const has = (permission: Permission) => held.some((role) => rolesMatrix[permission][role]);
  if (access.permissions.length === 0) return true;
  return access.mode === 'any' ? access.permissions.some(has) : access.permissions.every(has);
}

/** 'invalid': refused as a request to correct (422), before any data is read: a missing tenant. */
type Expected = 'allowed' | 'forbidden' | 'unauthorized' | 'invalid';

/**
 * What `persona` gets at `route` called (see `call`) with `customerId` (or no customer). A route
 * whose path names its customer acts for the path's, which is the tenant when no header is sent.
 */
function expected(route: ApiRoute, persona: Persona, named: string | undefined): Expected {
  const customerId = tenantPosition(route) === 'path' ? (named ?? TENANT) : named;
  const access = route.access;
  if (access === undefined) throw new Error(`${route.method} ${route.url} declares no access`);
  if (access === 'public') return 'allowed';
  let held: Role[] = [];
  if (customerId !== undefined) {
    if (customerId === TENANT && persona.role) held = [persona.role];
    else if (customerId === OTHER_TENANT && persona.outsider) held = ['owner'];
    else if (!(persona.staff && customerId !== MISSING_TENANT)) return 'forbidden';
  }
  const position = tenantPosition(route);
  // A route with a tenant of its own refuses a request that names none.
  if (customerId === undefined && position !== undefined) {
    const optional = typeof route.tenant === 'object' && 'optional' in route.tenant;
    if (!optional) return position === 'query' ? 'invalid' : 'forbidden';
  }
  if (access === 'authenticated') return 'allowed';
  if (access === 'staff') return persona.staff ? 'allowed' : 'forbidden';
  if (customerId === undefined) return 'forbidden'; // permissions only exist at a customer
  if (access.orStaff && persona.staff) return 'allowed';
  return satisfies(held, access) ? 'allowed' : 'forbidden';
}

// ---------------------------------------------------------------------------------------------
// Walking the routes.
// ---------------------------------------------------------------------------------------------

/** A concrete URL for a route pattern: parameters and wildcards filled in. */
function concrete(url: string, customerId: string): string {
  return url
    .replace(/:(\w+)(\([^)]*\))?/g, (_match, name: string) =>
      /customer/i.test(name) ? customerId : 'x',
    )
    .replace(/\*/g, 'x');
}

/** Where a route takes its customer from, beyond the header every call may carry. */
function tenantPosition(route: ApiRoute): 'header' | 'path' | 'query' | undefined {
  const { tenant } = route;
  if (tenant === undefined || tenant === 'header') return tenant;
  return 'path' in tenant ? 'path' : 'query';
}

/**
 * Calls a route as the console does: `customerId` in `x-customer-id` and in the route's own
 * tenant position (its path or query parameter). `placed` overrides what the path or query names,
 * to name a customer other than the header's. A path always names someone: the tenant, unless said.
 */
async function call(
  route: ApiRoute,
  token: string | undefined,
  customerId: string | undefined,
  placed?: string,
) {
  const named = placed ?? customerId;
  let url = concrete(route.url, named ?? TENANT);
  const tenant = route.tenant;
  // An optional query tenant is a mode of its route (the invite lookup lists a customer's
  // invites only when asked): the plain walk leaves it out, the foreign-customer walk names it.
  if (typeof tenant === 'object' && 'query' in tenant && named !== undefined) {
    if (placed !== undefined || !tenant.optional) {
      url += `?${tenant.query}=${encodeURIComponent(named)}`;
    }
  }
  // In process (TestServer.inject): HTTP itself is not what this tests.
  const response = await server.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(customerId ? { 'x-customer-id': customerId } : {}),
    },
  });
  const text = response.body;
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (the documentation pages): kept as text.
  }
  return { status: response.statusCode, body };
}

function check(
  label: string,
  route: ApiRoute,
  answer: { status: number; body: unknown },
  want: Expected,
) {
  const where = `${label}: ${route.method} ${route.url} answered ${answer.status}`;
  const bodied = route.method !== 'HEAD';
  if (want === 'forbidden') {
    expect(answer.status, where).toBe(403);
    if (bodied) expect(answer.body, where).toEqual(forbidden);
  } else if (want === 'unauthorized') {
    expect(answer.status, where).toBe(401);
  } else if (want === 'invalid') {
    expect(answer.status, where).toBe(422);
  } else {
    expect(answer.status, where).not.toBe(403);
    expect(answer.status, where).not.toBe(401);
    // Our own test routes echo the customer they acted for.
    if (route.url.startsWith(TEST_PREFIX)) {
      expect(answer.status, where).toBe(200);
    }
  }
}

const routes = server.app.apiRoutes;
const customerChoices = [TENANT, OTHER_TENANT, undefined, MISSING_TENANT];

describe('the routes walked', () => {
  it('are every /api route the app has, real ones and this test’s', async () => {
    const walked = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const route of routes) {
      expect(server.app.hasRoute({ method: route.method as 'GET', url: route.url })).toBe(true);
    }
    // Every operation the OpenAPI description lists (the whole of it, as staff read it), from the
    // service routes' own schemas.
    const staff = personas.find((persona) => persona.staff);
    const openApi = (await (
      await fetch(`${server.baseUrl}/api/docs/staff/json`, {
        headers: { authorization: `Bearer ${staff?.token ?? ''}` },
      })
    ).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(openApi.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
    expect(documented.length).toBeGreaterThan(0);
    for (const operation of documented) expect(walked).toContain(operation);
    for (const known of [
      'GET /api/customer-management/user/me',
      'PATCH /api/customer-management/user/me/options',
      'GET /api/customer-management/customer',
      'GET /api/docs/json',
      `GET ${TEST_PREFIX}/write/orders`,
      `DELETE ${TEST_PREFIX}/customer/:customerId/cards/:cardId`,
    ]) {
      expect(walked).toContain(known);
    }
  });

  it('declare the access intended for each real route (a new route must be added here)', () => {
    // What each product route is meant to require: written from the spec and decisions.md, not
    // read from the routes, so a route declaring the wrong access fails here.
    const intended: Record<string, RouteAccess> = {
      'GET /api/customer-management/user/me': 'authenticated',
      'HEAD /api/customer-management/user/me': 'authenticated',
      'PATCH /api/customer-management/user/me/options': 'authenticated',
      // The user's own memory of the customer last chosen: readable by any signed-in user; written
      // only for a customer of their own (the tenant check), whatever their roles there.
      'GET /api/customer-management/user/me/last-customer': 'authenticated',
      'HEAD /api/customer-management/user/me/last-customer': 'authenticated',
      'PUT /api/customer-management/user/me/last-customer/:customerId': { permissions: [] },
      'GET /api/customer-management/customer': 'authenticated',
      'HEAD /api/customer-management/customer': 'authenticated',
      'GET /api/customer-management/pending-customer': 'staff',
      'HEAD /api/customer-management/pending-customer': 'staff',
      'POST /api/customer-management/pending-customer/approve': 'staff',
      'POST /api/customer-management/pending-customer/decline': 'staff',
      'GET /api/customer-management/customer/exists': 'authenticated',
      'HEAD /api/customer-management/customer/exists': 'authenticated',
      // Tenant-scoped: x-customer-id must name the path's customer (a member, or staff).
      'GET /api/customer-management/customer/:customerId': { permissions: [] },
      'HEAD /api/customer-management/customer/:customerId': { permissions: [] },
      // Staff open any customer with its members.
      'GET /api/customer-management/customer/:customerId/users': {
        permissions: ['read:team_members'],
        orStaff: true,
      },
      'HEAD /api/customer-management/customer/:customerId/users': {
        permissions: ['read:team_members'],
        orStaff: true,
      },
      'GET /api/customer-management/customers': 'staff',
      'HEAD /api/customer-management/customers': 'staff',
      'GET /api/customer-management/onboarding-state': 'authenticated',
      'HEAD /api/customer-management/onboarding-state': 'authenticated',
      'POST /api/customer-management/pending-customer': 'authenticated',
      'GET /api/mail/outbox': 'staff',
      'HEAD /api/mail/outbox': 'staff',
      'GET /api/mail/outbox/:id': 'staff',
      'HEAD /api/mail/outbox/:id': 'staff',
      'POST /api/mail/outbox/:id/undeliverable': 'staff',
      'POST /api/customer-management/user/me': 'authenticated',
      // The invitee is no member of the invite's customer yet.
      'POST /api/customer-management/user/activate': 'authenticated',
      'POST /api/customer-management/user/invite': { permissions: ['write:team_members'] },
      // The token lookup is the invitee's; the customer_id listing checks read:team_members itself.
      'GET /api/customer-management/user/invite': 'authenticated',
      'HEAD /api/customer-management/user/invite': 'authenticated',
      'DELETE /api/customer-management/user/invite': { permissions: ['delete:team_members'] },
      'POST /api/customer-management/user/invite/resend': { permissions: ['write:team_members'] },
      'PUT /api/customer-management/user/:userId/roles': { permissions: ['write:team_members'] },
      'DELETE /api/customer-management/customer/:customerId/user/:userId': {
        permissions: ['delete:team_members'],
      },
      // Owner and admin: the company's profile; write:team_members is held by exactly those two.
      'PUT /api/customer-management/customer': { permissions: ['write:team_members'] },
      'GET /api/customer-management/customer/:customerId/limits': { permissions: [] },
      'HEAD /api/customer-management/customer/:customerId/limits': { permissions: [] },
      'POST /api/customer-management/customer/:customerId/limits': 'staff',
      'POST /api/customer-management/customer/:customerId/enable-balances': 'staff',
      'POST /api/customer-management/customer/:customerId/get-signed-shop-url': {
        permissions: ['read:products'],
      },
      // Billing (decisions.md's matrix): balances and top-ups are read with read:billing, staff
      // supporting a customer too; adding funds by bank needs write:top_up_by_bank; recording
      // the money that arrived, and the list across customers, are staff's alone.
      'GET /api/billing/balances': { permissions: ['read:billing'], orStaff: true },
      'HEAD /api/billing/balances': { permissions: ['read:billing'], orStaff: true },
      'GET /api/billing/top-ups': { permissions: ['read:billing'], orStaff: true },
      'HEAD /api/billing/top-ups': { permissions: ['read:billing'], orStaff: true },
      // Either method's permission reaches the route; the handler asks for the one the method
      // needs (a card top-up: write:top_up_by_card and read:payment_cards; cards.api.test.ts).
      'POST /api/billing/top-ups': {
        permissions: ['write:top_up_by_bank', 'write:top_up_by_card'],
        mode: 'any',
      },
      'POST /api/billing/top-ups/:topUpId/confirm': { permissions: ['write:top_up_by_card'] },
      'GET /api/billing/top-ups/:topUpId': { permissions: ['read:billing'], orStaff: true },
      'HEAD /api/billing/top-ups/:topUpId': { permissions: ['read:billing'], orStaff: true },
      'GET /api/billing/staff/top-ups': 'staff',
      'HEAD /api/billing/staff/top-ups': 'staff',
      'POST /api/billing/staff/top-ups/:topUpId/receive': 'staff',
      'POST /api/billing/staff/bank-statements': 'staff',
      'GET /api/billing/staff/ledger-check': 'staff',
      'HEAD /api/billing/staff/ledger-check': 'staff',
      // The CSV download needs download:activity_history as well, checked by the route.
      'GET /api/billing/transactions': { permissions: ['read:activity_history'], orStaff: true },
      'HEAD /api/billing/transactions': { permissions: ['read:activity_history'], orStaff: true },
      // Boon FX: quotes and trades need write:top_up_by_fx; a trade is read like a top-up.
      'POST /api/billing/fx/quotes': { permissions: ['write:top_up_by_fx'] },
      'POST /api/billing/trades': { permissions: ['write:top_up_by_fx'] },
      'GET /api/billing/trades/:tradeId': { permissions: ['read:billing'], orStaff: true },
      'HEAD /api/billing/trades/:tradeId': { permissions: ['read:billing'], orStaff: true },
      // The CSV download needs download:statements as well, checked by the route.
      'GET /api/billing/statements': { permissions: ['read:statements'], orStaff: true },
      'HEAD /api/billing/statements': { permissions: ['read:statements'], orStaff: true },
      'GET /api/billing/statements/:statementId': {
        permissions: ['read:statements'],
        orStaff: true,
      },
      'HEAD /api/billing/statements/:statementId': {
        permissions: ['read:statements'],
        orStaff: true,
      },
      // Balance notifications: read like balances; changed by those who add funds (spec 2.6).
      'GET /api/billing/balance-alerts': { permissions: ['read:billing'], orStaff: true },
      'HEAD /api/billing/balance-alerts': { permissions: ['read:billing'], orStaff: true },
      'PUT /api/billing/balance-alerts': {
        permissions: ['write:top_up_by_bank', 'write:top_up_by_card'],
        mode: 'any',
      },
      // The older platform's link: a redirect into the console, which signs the person in.
      'GET /api/connect/notification-preferences': 'public',
      'HEAD /api/connect/notification-preferences': 'public',
      // Stored cards (decisions.md's matrix), for the company's members only: not staff.
      'GET /api/saved-cards/cards': { permissions: ['read:payment_cards'] },
      'HEAD /api/saved-cards/cards': { permissions: ['read:payment_cards'] },
      'POST /api/saved-cards/cards': { permissions: ['write:payment_cards'] },
      'DELETE /api/saved-cards/cards/:cardId': { permissions: ['delete:payment_cards'] },
      // The merchant network (spec 2.1: read:products), which staff may browse for a customer;
      // its generated logos are images an <img> loads without a token.
      'GET /api/catalog/products': { permissions: ['read:products'], orStaff: true },
      'HEAD /api/catalog/products': { permissions: ['read:products'], orStaff: true },
      'GET /api/catalog/products/:productCode': { permissions: ['read:products'], orStaff: true },
      'HEAD /api/catalog/products/:productCode': { permissions: ['read:products'], orStaff: true },
      'GET /api/catalog/logos/:file': 'public',
      'HEAD /api/catalog/logos/:file': 'public',
      // Ordering (decisions.md's matrix): write:orders creates and resends, cancel:orders cancels,
      // read:orders reads (and staff, supporting a customer).
      'POST /api/ordering/orders/estimate': { permissions: ['write:orders'] },
      'POST /api/ordering/orders': { permissions: ['write:orders'] },
      'GET /api/ordering/orders': { permissions: ['read:orders'], orStaff: true },
      'GET /api/ordering/orders/merchants': { permissions: ['read:orders'], orStaff: true },
      'HEAD /api/ordering/orders/merchants': { permissions: ['read:orders'], orStaff: true },
      'HEAD /api/ordering/orders': { permissions: ['read:orders'], orStaff: true },
      'GET /api/ordering/orders/:orderId': { permissions: ['read:orders'], orStaff: true },
      'HEAD /api/ordering/orders/:orderId': { permissions: ['read:orders'], orStaff: true },
      'POST /api/ordering/orders/:orderId/cancel': { permissions: ['cancel:orders'] },
      // Bulk orders: ordering's rights.
      'POST /api/ordering/bulk-orders': { permissions: ['write:orders'] },
      'POST /api/ordering/bulk-orders/estimate': { permissions: ['write:orders'] },
      'POST /api/ordering/bulk-orders/:batchId/chunks': { permissions: ['write:orders'] },
      'GET /api/ordering/bulk-orders/:batchId': { permissions: ['read:orders'], orStaff: true },
      'HEAD /api/ordering/bulk-orders/:batchId': { permissions: ['read:orders'], orStaff: true },
      'POST /api/ordering/orders/:orderId/items/:itemId/resend': { permissions: ['write:orders'] },
      // The recipient's link: public, the token is the key.
      'GET /api/redeem/links/:token': 'public',
      'HEAD /api/redeem/links/:token': 'public',
      'POST /api/redeem/links/:token/claim': 'public',
    };
    const real = routes.filter((route) => !route.url.startsWith(TEST_PREFIX));
    const [docs, product] = [
      real.filter((route) => route.url.startsWith('/api/docs')),
      real.filter((route) => !route.url.startsWith('/api/docs')),
    ];
    expect(
      Object.fromEntries(product.map((route) => [`${route.method} ${route.url}`, route.access])),
    ).toEqual(intended);
    // The OpenAPI description and its viewer are public, every file of them, but for the whole
    // description with the staff-only operations.
    expect(docs.length).toBeGreaterThan(0);
    const staffDocs = new Set(['GET /api/docs/staff/json', 'HEAD /api/docs/staff/json']);
    for (const route of docs) {
      const key = `${route.method} ${route.url}`;
      expect(route.access, key).toBe(staffDocs.has(key) ? 'staff' : 'public');
    }
    expect(docs.filter((route) => staffDocs.has(`${route.method} ${route.url}`))).toHaveLength(2);
  });

  it('include routes each persona may and may not call, so every check below can fail', () => {
    for (const persona of personas) {
      const outcomes = new Set(
        routes.flatMap((route) =>
          customerChoices.map((customerId) => expected(route, persona, customerId)),
        ),
      );
      expect(outcomes, persona.name).toContain('allowed');
      expect(outcomes, persona.name).toContain('forbidden');
    }
  });
});

describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))(
  '$name',
  (route) => {
    it.each(personas.map((persona) => ({ ...persona, label: persona.name })))(
      'as $label',
      async (persona) => {
        // At the tenant the role personas belong to (and staff may visit).
        check(
          `${persona.name} at ${TENANT}`,
          route,
          await call(route, persona.token, TENANT),
          expected(route, persona, TENANT),
        );
        // At a customer of another tenant: only the outsider belongs there; staff may visit.
        check(
          `${persona.name} at ${OTHER_TENANT}`,
          route,
          await call(route, persona.token, OTHER_TENANT),
          expected(route, persona, OTHER_TENANT),
        );
        // At no customer, and at one that does not exist (refused even for staff).
        check(
          `${persona.name} at no customer`,
          route,
          await call(route, persona.token, undefined),
          expected(route, persona, undefined),
        );
        check(
          `${persona.name} at ${MISSING_TENANT}`,
          route,
          await call(route, persona.token, MISSING_TENANT),
          expected(route, persona, MISSING_TENANT),
        );
      },
    );

    it('without a token', async () => {
      const want: Expected = route.access === 'public' ? 'allowed' : 'unauthorized';
      check('no token', route, await call(route, undefined, TENANT), want);
    });
  },
);

/**
 * Every tenant-scoped route refuses a customer the caller does not belong to, wherever the request
 * names it: in the header, in the path or query parameter the route takes its tenant from, or in
 * one of them while the other names the caller's own customer.
 */
const tenantScoped = routes.filter((route) => tenantPosition(route) !== undefined);
const members = personas.filter((persona) => persona.role !== undefined);

describe('a foreign customer', () => {
  it('is tried on tenant-scoped routes of every kind', () => {
    const positions = new Set(tenantScoped.map(tenantPosition));
    expect([...positions].sort()).toEqual(['header', 'path', 'query']);
  });

  describe.each(tenantScoped.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))(
    '$name',
    (route) => {
      it.each(members.map((persona) => ({ ...persona, label: persona.name })))(
        'is refused to $label in every position',
        async (persona) => {
          const attempts: [string, string | undefined, string | undefined][] = [
            [
              'in the header',
              OTHER_TENANT,
              tenantPosition(route) === 'header' ? undefined : TENANT,
            ],
          ];
          if (tenantPosition(route) !== 'header') {
            attempts.push(
              [`in the ${tenantPosition(route)}`, TENANT, OTHER_TENANT],
              [`in the ${tenantPosition(route)}, no header`, undefined, OTHER_TENANT],
            );
          }
          for (const [where, header, placed] of attempts) {
            const answer = await call(route, persona.token, header, placed);
            check(`${persona.name}, foreign customer ${where}`, route, answer, 'forbidden');
          }
        },
      );
    },
  );
});
