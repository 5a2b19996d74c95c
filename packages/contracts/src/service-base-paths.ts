import type { ServiceBaseUrls } from './console-config.js';

/**
 * Where each service lives on the one origin (decisions.md). No zod here: the console reads it
 * in its first screen.
 */
export const defaultServiceBasePaths: ServiceBaseUrls = {
  customerManagement: '/api/customer-management',
  ordering: '/api/ordering',
  catalog: '/api/catalog',
  billing: '/api/billing',
  savedCards: '/api/saved-cards',
  apiKeys: '/api/api-keys',
  uiGateway: '/api/ui-gateway',
  templates: '/api/ui-gateway/templates',
  connect: '/api/connect',
  mail: '/api/mail',
};
