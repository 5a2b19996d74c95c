import { customerManagementApi as cm, type CustomerId } from '@boon/contracts';
import { mockApi } from './api-mock-server';
import { mockEndpoint } from './mock-endpoint';

/**
 * The server's memory of the customer the user last chose (GET and PUT
 * /user/me/last-customer), starting at `initial`. The session helpers serve it, since every
 * signed-in page load reads it.
 */
export function serveLastCustomer(initial: CustomerId | null = null) {
  const state = { remembered: initial, puts: [] as CustomerId[] };
  mockApi(
    mockEndpoint(cm.getLastCustomer, () => ({ customerId: state.remembered })),
    mockEndpoint(cm.setLastCustomer, ({ params }) => {
      state.remembered = params.customerId;
      state.puts.push(params.customerId);
      return undefined;
    }),
  );
  return state;
}
