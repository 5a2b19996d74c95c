import {
  customerManagementApi as cm,
  type Customer,
  type CustomerId,
  type UserMe,
} from '@boon/contracts';
import { testUser } from '../users';
import { apiError } from './api-error-answer';
import { mockApi } from './api-mock-server';
import { mockEndpoint } from './mock-endpoint';
import { serveLastCustomer } from './serve-last-customer';

export const ownerMe: UserMe = testUser();

export interface SessionRequest {
  url: string;
  method: string;
  headers: Headers;
}

/**
 * Answers the calls every signed-in page makes (customer list and /user/me) the way the server
 * does, recording each request. A null customer list answers 404 "No customers found". The
 * customer last chosen (on any browser) is `lastCustomer`; those calls are served, not recorded.
 */
export function serveSession(
  customers: Customer[] | null,
  me: UserMe = ownerMe,
  { lastCustomer = null }: { lastCustomer?: CustomerId | null } = {},
) {
  const requests: SessionRequest[] = [];
  serveLastCustomer(lastCustomer);
  const record = (method: string, { url, headers }: { url: URL; headers: Headers }) =>
    requests.push({ url: url.href, method, headers });
  mockApi(
    mockEndpoint(cm.listMyCustomers, (request) => {
      record(cm.listMyCustomers.method, request);
      return customers ?? apiError('no_customers_found');
    }),
    mockEndpoint(cm.getUserMe, (request) => {
      record(cm.getUserMe.method, request);
      return me;
    }),
  );
  return requests;
}
