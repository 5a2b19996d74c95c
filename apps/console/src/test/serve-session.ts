import type { Customer, UserMe } from '@boon/contracts';
import { vi } from 'vitest';
import { testUser } from './users';

export const ownerMe: UserMe = testUser();

/**
 * Answers the customer management service the way the server does (customer list and /user/me),
 * recording each request. A null customer list answers 404 "No customers found".
 */
export function serveSession(customers: Customer[] | null, me: UserMe = ownerMe) {
  const requests: Array<{ url: string; method: string; headers: Headers }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    requests.push({
      url: path,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
    });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (path.endsWith('/customer')) {
      return customers
        ? json(customers)
        : json({ status: 404, code: 'no_customers_found', message: 'No customers found' }, 404);
    }
    if (path.endsWith('/user/me')) return json(me);
    return json({ status: 404, code: 'not_found', message: 'Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}
