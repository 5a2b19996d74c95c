import { createRoute } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated-route';

export const homeRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  staticData: { name: 'home', title: 'Home', meta: { allowedInPlayground: true } },
  // The checklist's team size is asked for here, alongside Home's code, rather than a round trip
  // after Home has rendered; Home's page reads the same queries. Nothing waits for it.
  loader: ({ context: { api, queryClient, session }, preload }) => {
    const customer = session.customer;
    if (preload || !customer) return;
    void import('../../features/home/api/home-api')
      .then(({ asksTeamSize, prefetchTeamSize }) => {
        if (asksTeamSize({ customer, user: session.user })) {
          prefetchTeamSize(queryClient, api, customer.customerId);
        }
      })
      .catch(() => undefined);
  },
}).lazy(() => import('./home.lazy').then((module) => module.Route));
