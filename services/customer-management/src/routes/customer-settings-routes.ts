import { customerManagementApi as api, SHOP_URL_VALIDITY_MINUTES } from '@boon/contracts';
import { AppError, requireUser } from '@boon/service-kit';
import { route } from '../deps.js';
import { enableBalances } from '../operations/enable-balances.js';
import { setOrderLimits } from '../operations/set-order-limits.js';
import { shopUrlSigningKey, signedShopUrl } from '../operations/shop-url.js';
import { updateCustomerSegment } from '../operations/update-customer-segment.js';
import { findCustomer } from '../repositories/customer-repository.js';
import { loadCustomerOrderLimits } from '../repositories/order-limits.js';

/** A customer's own settings (spec 7): segmentation, order limits, balances, the shop link. */
export const customerSettingsRoutes = [
  // Owner and admin only: the segmentation is the company's profile, and viewers are view-only
  // (spec 6). The roles matrix has no customer-profile permission; write:team_members is held by
  // exactly owner and admin, so the descriptor uses it for "manages the company account".
  route(api.updateCustomerSegment, ({ request, customerId, body, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) => updateCustomerSegment(tx, actor, body));
  }),

  route(api.getCustomerLimits, async ({ customerId }, { db }) => {
    const row = await findCustomer(db, customerId);
    if (!row) throw new AppError('no_customers_found');
    return { orderLimits: await loadCustomerOrderLimits(db, row.id) };
  }),

  route(api.setCustomerLimits, ({ request, customerId, body, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) => setOrderLimits(tx, actor, body.orderLimits));
  }),

  route(api.enableBalances, ({ request, customerId, body, transaction }) => {
    const actor = { customerId, actorUserId: requireUser(request).user.id };
    return transaction((tx) => enableBalances(tx, actor, body));
  }),

  route(api.getSignedShopUrl, async ({ request, customerId }, { db, publicUrl }) => {
    const key = await shopUrlSigningKey(db);
    // Whole seconds: the URL's `expires` and the answer's expiresAt name the same instant.
    const expires = Math.floor(Date.now() / 1000) + SHOP_URL_VALIDITY_MINUTES * 60;
    const expiresAt = new Date(expires * 1000);
    return {
      url: signedShopUrl(
        key,
        publicUrl,
        { customerId, userId: requireUser(request).user.id },
        expiresAt,
      ),
      expiresAt: expiresAt.toISOString(),
    };
  }),
];
