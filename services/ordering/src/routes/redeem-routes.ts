import { redeemApi as api } from '@boon/contracts';
import { route } from '../deps.js';
import { claimRedemption, getRedemption } from '../redemption/redemption.js';

/** The recipient's calls (public): what a link offers, and claiming it. */
export const redeemRoutes = [
  route(api.getRedemption, ({ params }, deps) => getRedemption(params.token, deps)),
  route(api.claimRedemption, ({ params, body }, deps) =>
    claimRedemption(params.token, body.productCode, deps),
  ),
];
