import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAuth } from '../auth/use-auth';
import { getConsoleConfig } from '../config';
import { useAppStore } from '../state/app-store';
import { createApiClient, type ApiClient } from './api-client';

/**
 * The API client of the signed-in console: the user's token, the selected customer, and a
 * failed renewal sending the user to /login with the page to come back to. It is built in the
 * signed-in layout, so the public pages never load the API layer and its contracts.
 */
export function useConsoleApiClient(): ApiClient {
  const auth = useAuth();
  const router = useRouter();
  return useMemo(
    () =>
      createApiClient({
        baseUrls: getConsoleConfig().api,
        getAccessToken: () => auth.getAccessToken(),
        refreshAccessToken: (rejectedAccessToken) => auth.refresh(rejectedAccessToken),
        getCustomerId: () => useAppStore.getState().customerId,
        onUnauthorized: () => {
          const here = router.state.location.href;
          void router.navigate({
            to: '/login',
            search: here === '/' ? {} : { redirect: here },
            replace: true,
          });
        },
      }),
    [auth, router],
  );
}
