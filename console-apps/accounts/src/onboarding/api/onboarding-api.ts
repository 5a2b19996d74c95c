import {
  customerManagementApi as cm,
  type CustomerExists,
  type OnboardingStateResponse,
  type PendingCustomerCreate,
  type UserCreate,
  type UserMe,
} from '@boon/contracts';
import { isApiError, type ApiClient } from '@boon/console-kit';

/**
 * The customer management calls only the onboarding screens make (the gate's own calls are the
 * console kit's). Like those, none is about a customer the user acts for, so none sends
 * x-customer-id: a selection left over from another account must not get them refused.
 */
const aboutTheUser = { withCustomerId: false } as const;

/** POST /user/me: creates the backend user (account-details). */
export function createUser(api: ApiClient, body: UserCreate): Promise<UserMe> {
  return api.call(cm.createUserMe, { ...aboutTheUser, body });
}

/** POST /pending-customer: asks for a company account (user-segmentation's submit). */
export function createPendingCustomer(
  api: ApiClient,
  body: PendingCustomerCreate,
  idempotencyKey: string,
): Promise<OnboardingStateResponse> {
  return api.call(cm.createPendingCustomer, { ...aboutTheUser, body, idempotencyKey });
}

/** GET /customer/exists?domain=…: the customer that has the domain; null when none (404). */
export async function fetchCustomerExists(
  api: ApiClient,
  domain: string,
  signal?: AbortSignal,
): Promise<CustomerExists | null> {
  try {
    return await api.call(cm.customerExists, { ...aboutTheUser, query: { domain }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
