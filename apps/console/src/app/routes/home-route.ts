import { createRoute } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated-route';

export const homeRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  staticData: { name: 'home', title: 'Home', meta: { allowedInPlayground: true } },
}).lazy(() => import('./home.lazy').then((module) => module.Route));
