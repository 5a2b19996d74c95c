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
  redeem: '/api/redeem',
};

/**
 * Where the card processor's frame and 3-D Secure pages are: the embedded sandbox processor on
 * the one origin. A hosted provider would be another origin, named here.
 */
export const CARD_PROCESSOR_PATH = '/card-sandbox';
