import { defineEndpoint } from '../endpoint.js';

const schemas = () => import('./ordering-schemas.js');
const service = 'redeem';

export const getRedemption = defineEndpoint({
  service,
  method: 'GET',
  path: '/links/:token',
  summary:
    "A reward link as its recipient sees it: the sender's message, the value and the merchants to choose from; the code once claimed",
  access: 'public',
  errors: ['redemption_link_not_found', 'redemption_link_expired', 'redemption_link_cancelled'],
  schemas: () =>
    schemas().then((s) => ({ params: s.redemptionPathSchema, response: s.redemptionSchema })),
});

export const claimRedemption = defineEndpoint({
  service,
  method: 'POST',
  path: '/links/:token/claim',
  summary:
    'Claim a reward link for one of its merchants: issues the code once (claiming again shows the same code)',
  access: 'public',
  errors: [
    'redemption_link_not_found',
    'redemption_link_expired',
    'redemption_link_cancelled',
    'product_unavailable',
  ],
  schemas: () =>
    schemas().then((s) => ({
      params: s.redemptionPathSchema,
      body: s.redemptionClaimSchema,
      response: s.redemptionSchema,
    })),
});
