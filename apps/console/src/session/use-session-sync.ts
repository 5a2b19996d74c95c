import { useEffect } from 'react';
import { errorMessage } from '../api/error-message';
import { useAppStore } from '../state/app-store';
import { useCustomers } from './api/get-customers';
import { useUserMe } from './api/get-user-me';
import { pickCustomerId } from './pick-customer-id';

/**
 * Keeps the global state (spec 3) in step with the server: the customer choice follows the
 * user's customers, customerErr records a failed customer list, and the staff flag and
 * permissions follow /user/me. Mounted once, by the signed-in layout.
 */
export function useSessionSync(): void {
  const customers = useCustomers();
  const user = useUserMe();
  const customerId = useAppStore((state) => state.customerId);
  const { setCustomerId, setCustomerErr, setUser } = useAppStore.getState();

  useEffect(() => {
    if (!customers.isSuccess) return;
    const next = pickCustomerId(customers.data, customerId);
    if (next !== customerId) setCustomerId(next);
  }, [customers.isSuccess, customers.data, customerId, setCustomerId]);

  const customersError = customers.isError ? errorMessage(customers.error) : null;
  useEffect(() => {
    setCustomerErr(customersError);
  }, [customersError, setCustomerErr]);

  useEffect(() => {
    if (user.data) setUser(user.data);
  }, [user.data, setUser]);
}
