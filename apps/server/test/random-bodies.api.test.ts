import { createHash } from 'node:crypto';
import { permissions, roles } from '@boon/contracts';
import { customers, invites, memberships, pendingCustomers, users, asc } from '@boon/db';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test-server.js';

/**
 * Random requests at every /api route (read from the running app, so a new route is covered
 * without being listed): random JSON bodies built from the fields the route's schema names and
 * from nothing in particular, random queries and path parameters, as the tenant's owner and as
 * staff. The server never answers 5xx, every 422 names its fields, and a refused request changes
 * no customer, user, membership, pending customer or invite.
 */

const server = await startTestServer();
afterAll(() => server.close());

const TENANT = 'C-FUZZ0001';
const OWNER = 'U-FUZZOWNER';
const MEMBER = 'U-FUZZMEMBER';
const STAFF = 'U-FUZZSTAFF';
const featureFlags = {
  balances: { enabled: false, floats: [], cardFees: false },
  fx: false,
  breakage: false,
  discounts: false,
};
await server.db.insert(customers).values({ id: TENANT, name: 'Fuzz Ltd', featureFlags });
await server.db.insert(users).values([
  { id: OWNER, email: 'owner@fuzz.test', emailVerified: true, profileCreatedAt: new Date() },
  { id: MEMBER, email: 'member@fuzz.test', emailVerified: true, profileCreatedAt: new Date() },
  {
    id: STAFF,
    email: 'staff@fuzz.test',
    emailVerified: true,
    isStaff: true,
    profileCreatedAt: new Date(),
  },
]);
await server.db.insert(memberships).values([
  { userId: OWNER, customerId: TENANT, roles: ['owner'] },
  { userId: MEMBER, customerId: TENANT, roles: ['viewer'] },
]);

async function tokenFor(userId: string, email: string, staff = false): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return server.signWithIssuerKey({
    iss: server.config.oidc.issuer,
    aud: server.config.oidc.audience,
    sub: userId,
    client_id: server.config.oidc.clientId,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: true,
    is_staff: staff,
    customer_ids: staff ? [] : [TENANT],
    ...(staff ? {} : { customer_id: TENANT }),
    roles: staff ? [] : [...roles],
    permissions: staff ? [] : [...permissions],
  });
}
const ownerToken = await tokenFor(OWNER, 'owner@fuzz.test');
const staffToken = await tokenFor(STAFF, 'staff@fuzz.test', true);

/** What a refused request must leave alone: a digest of the rows of the tables users change. */
async function digest(): Promise<string> {
  const rows = await Promise.all([
    server.db.select().from(customers).orderBy(asc(customers.id)),
    server.db.select().from(users).orderBy(asc(users.id)),
    server.db
      .select()
      .from(memberships)
      .orderBy(asc(memberships.userId), asc(memberships.customerId)),
    server.db.select().from(pendingCustomers).orderBy(asc(pendingCustomers.id)),
    server.db.select().from(invites).orderBy(asc(invites.id)),
  ]);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', 'owner', 'admin', 'USD', 'C-FUZZ0001', 'a@b.co', '0.5', 'PENDING', 'true'),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.string(), scalar, { maxKeys: 3 }),
);

/** A body: the schema's fields with random values (some left out, unknown ones added), or any JSON. */
function bodyFor(fields: string[]) {
  const known = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    { weight: 3, arbitrary: known },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          known,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 2 }),
        )
        .map(([a, b]) => ({ ...b, ...a })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function queryFor(fields: string[]) {
  const names = fields.length ? fc.constantFrom(...fields) : fc.string({ maxLength: 10 });
  return fc.dictionary(
    fc.oneof(names, fc.string({ maxLength: 10 })),
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ minLength: 300, maxLength: 1500 }),
      fc.constantFrom('C-FUZZ0001', 'owner@fuzz.test', '-1', '0', '101'),
    ),
    { maxKeys: 4 },
  );
}

const paramValue = fc.oneof(
  fc.constantFrom(
    TENANT,
    MEMBER,
    OWNER,
    'C-ZZZZZZZZ',
    'U-NOBODY01',
    '1',
    '0',
    '-1',
    'x'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

const routes = server.app.apiRoutes.filter(
  (route) => !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
);

describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))(
  '$name',
  (route) => {
    it('never answers 5xx, names the fields of a 422, and changes nothing when refusing', async () => {
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      await fc.assert(
        fc.asyncProperty(
          bodyFor(route.fields.body),
          queryFor(route.fields.querystring),
          fc.tuple(...paramNames.map(() => paramValue)),
          fc.boolean(),
          async (body, query, params, asStaff) => {
            let path = route.url;
            paramNames.forEach((name, index) => {
              path = path.replace(`:${name}`, encodeURIComponent(String(params[index])));
            });
            const url = new URL(`${server.baseUrl}${path}`);
            for (const [key, text] of Object.entries(query)) url.searchParams.append(key, text);
            const before = await digest();
            const response = await fetch(url, {
              method: route.method,
              headers: {
                authorization: `Bearer ${asStaff ? staffToken : ownerToken}`,
                'x-customer-id': TENANT,
                ...(route.method === 'GET' || route.method === 'DELETE'
                  ? {}
                  : { 'content-type': 'application/json' }),
              },
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : { body: JSON.stringify(body) }),
            });
            const text = await response.text();
            expect(response.status, `${route.method} ${url.pathname} → ${text}`).toBeLessThan(500);
            if (response.status === 422) {
              const answer = JSON.parse(text) as { fieldErrors?: unknown[] };
              expect(answer.fieldErrors?.length, text).toBeGreaterThan(0);
            }
            if (response.status >= 400) expect(await digest(), text).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    });
  },
);
