import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from '../auth/auth-client';

/** What every route's `beforeLoad` and loader receive (typed root context). */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}
