import {
  apiErrorSchema,
  companySizeSchema,
  customerOrderLimitsSchema,
  customerOrderLimitsUpdateSchema,
  customerPathParamsSchema,
  customerSchema,
  customerSegmentSchema,
  customerSegmentUpdateSchema,
  enableBalancesSchema,
  rewardNeedSchema,
  SHOP_URL_VALIDITY_MINUTES,
  signedShopUrlSchema,
  useCaseSchema,
  type CustomerSegment,
} from '@boon/contracts';
import { customers, desc, eq, pendingCustomers, type Database } from '@boon/db';
import { AppError, requireUser } from '@boon/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from './audit.js';
import { toCustomer } from './customer-serializer.js';
import type { CustomerManagementOptions } from './routes.js';
import { shopUrlSigningKey, signedShopUrl } from './shop-url.js';

const tags = ['customer-management'];
const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

/** 403 unless the path names the customer the request acts for (x-customer-id). */
function requireSameTenant(selected: string | undefined, inPath: string) {
  if (selected !== inPath) throw new AppError('forbidden');
}

/**
 * Staff act on the path's customer and need not select one; when they do, it must be that one, so
 * a console acting for one customer never changes another by a wrong path.
 */
function requireNoOtherTenant(selected: string | undefined, inPath: string) {
  if (selected !== undefined && selected !== inPath) throw new AppError('forbidden');
}

type PendingRow = typeof pendingCustomers.$inferSelect;

/** The stored segment as the contract knows it; a value it doesn't know reads as unanswered. */
function toSegment(row: Pick<PendingRow, 'companySize' | 'rewardNeed' | 'useCases'>) {
  const companySize = companySizeSchema.safeParse(row.companySize);
  const rewardNeed = rewardNeedSchema.safeParse(row.rewardNeed);
  return {
    companySize: companySize.success ? companySize.data : null,
    rewardNeed: rewardNeed.success ? rewardNeed.data : null,
    useCases: row.useCases.flatMap((value) => {
      const parsed = useCaseSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  } satisfies CustomerSegment;
}

async function lockCustomer(tx: Database, customerId: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('no_customers_found');
  return row;
}

/**
 * A customer's own settings (spec 7): its segmentation, order limits, balances and the signed
 * shop link.
 */
export const customerSettingsRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async (
  app,
  { db, publicUrl },
) => {
  app.put(
    '/customer',
    {
      // Owner and admin only: the segmentation is the company's profile, and viewers are view-only
      // (spec 6). The roles matrix has no customer-profile permission; write:team_members is held
      // by exactly owner and admin, so it stands in for "manages the company account".
      config: { access: { permissions: ['write:team_members'] } },
      schema: {
        tags,
        summary:
          "Update the selected customer's segmentation (company size, reward need, use cases)",
        body: customerSegmentUpdateSchema,
        response: { 200: customerSegmentSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const customerId = auth.customerId;
      if (!customerId) throw new AppError('forbidden');
      const update = request.body;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pendingCustomers)
          .where(eq(pendingCustomers.customerId, customerId))
          .orderBy(desc(pendingCustomers.createdAt), desc(pendingCustomers.id))
          .limit(1)
          .for('update');
        // The segmentation lives with the sign-up that created the customer; some have none.
        if (!row) throw new AppError('no_customers_found');
        const changes: Partial<Pick<PendingRow, 'companySize' | 'rewardNeed' | 'useCases'>> = {};
        if (update.companySize !== undefined) changes.companySize = update.companySize;
        if (update.rewardNeed !== undefined) changes.rewardNeed = update.rewardNeed;
        if (update.useCases !== undefined) changes.useCases = update.useCases;
        const [updated] = await tx
          .update(pendingCustomers)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(pendingCustomers.id, row.id))
          .returning();
        if (!updated) throw new AppError('no_customers_found');
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'customer.segment.update',
          target: customerId,
          details: {
            pendingCustomerId: row.id,
            changes: Object.fromEntries(
              Object.entries(changes).map(([name, to]) => [
                name,
                { from: row[name as keyof typeof changes], to },
              ]),
            ),
          },
        });
        return toSegment(updated);
      });
    },
  );

  app.get(
    '/customer/:customerId/limits',
    {
      config: { access: { permissions: [] } },
      schema: {
        tags,
        summary: "The customer's order limits per currency (null: none)",
        params: customerPathParamsSchema,
        response: { 200: customerOrderLimitsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      requireSameTenant(auth.customerId, request.params.customerId);
      const [row] = await db
        .select({ orderLimits: customers.orderLimits })
        .from(customers)
        .where(eq(customers.id, request.params.customerId))
        .limit(1);
      if (!row) throw new AppError('no_customers_found');
      return { orderLimits: row.orderLimits };
    },
  );

  app.post(
    '/customer/:customerId/limits',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Set the customer's order limits per currency, or none (staff)",
        params: customerPathParamsSchema,
        body: customerOrderLimitsUpdateSchema,
        response: { 200: customerOrderLimitsSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { customerId } = request.params;
      requireNoOtherTenant(auth.customerId, customerId);
      const { orderLimits } = request.body;
      return db.transaction(async (tx) => {
        const before = await lockCustomer(tx, customerId);
        await tx.update(customers).set({ orderLimits }).where(eq(customers.id, customerId));
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'customer.limits.update',
          target: customerId,
          details: { orderLimits: { from: before.orderLimits, to: orderLimits } },
        });
        return { orderLimits };
      });
    },
  );

  app.post(
    '/customer/:customerId/enable-balances',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Turn balances on with these float currencies and card fees (staff; idempotent)',
        params: customerPathParamsSchema,
        body: enableBalancesSchema,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { customerId } = request.params;
      requireNoOtherTenant(auth.customerId, customerId);
      const { currencies, cardFees } = request.body;
      return db.transaction(async (tx) => {
        const before = await lockCustomer(tx, customerId);
        const balances = { enabled: true, floats: currencies, cardFees };
        const [updated] = await tx
          .update(customers)
          .set({ featureFlags: { ...before.featureFlags, balances } })
          .where(eq(customers.id, customerId))
          .returning();
        if (!updated) throw new AppError('no_customers_found');
        await recordAudit(tx, {
          actorUserId: auth.user.id,
          customerId,
          action: 'customer.balances.enable',
          target: customerId,
          details: { balances: { from: before.featureFlags.balances, to: balances } },
        });
        return toCustomer(updated);
      });
    },
  );

  app.post(
    '/customer/:customerId/get-signed-shop-url',
    {
      config: { access: { permissions: ['read:products'] } },
      schema: {
        tags,
        summary: `A link to the shop for the selected customer, signed and valid ${SHOP_URL_VALIDITY_MINUTES} minutes`,
        params: customerPathParamsSchema,
        response: { 200: signedShopUrlSchema, ...errors },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { customerId } = request.params;
      requireSameTenant(auth.customerId, customerId);
      const key = await shopUrlSigningKey(db);
      // Whole seconds: the URL's `expires` and the answer's expiresAt name the same instant.
      const expires = Math.floor(Date.now() / 1000) + SHOP_URL_VALIDITY_MINUTES * 60;
      const expiresAt = new Date(expires * 1000);
      return {
        url: signedShopUrl(key, publicUrl, customerId, expiresAt),
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
};
