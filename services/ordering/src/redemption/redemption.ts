import { rewardMessageDefaults, type Redemption, type RewardMessage } from '@boon/contracts';
import { eq, orderItems, orders, type Database, type OrderItemRow, type OrderRow } from '@boon/db';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { SupplierRefusal, type IssuedCode } from '@boon/reward-supplier';
import { AppError, recordAudit } from '@boon/service-kit';
import type { OrderingDeps } from '../deps.js';
import { postOrderItem } from '../orders/order-ledger.js';

/**
 * The recipient's side of a reward: what a link is worth and offers, and claiming
 * it. Public, so every answer says only what the link's holder may know, and an unknown, expired
 * or cancelled link says so plainly.
 */

interface FoundLink {
  order: OrderRow;
  item: OrderItemRow;
}

async function findLink(db: Database, token: string): Promise<FoundLink> {
  const [row] = await db
    .select({ item: orderItems, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.redemptionToken, token))
    .limit(1);
  // Not issued yet (a scheduled order) or refused by the supplier: as good as unknown.
  if (!row || row.item.status === 'PENDING' || row.item.status === 'FAILED') {
    throw new AppError('redemption_link_not_found');
  }
  return row;
}

function checkClaimable({ item }: FoundLink, now: Date): void {
  if (item.claimedAt !== null) return;
  if (item.status === 'CANCELLED') throw new AppError('redemption_link_cancelled');
  if (item.status === 'EXPIRED' || (item.expiresAt !== null && item.expiresAt <= now)) {
    throw new AppError('redemption_link_expired');
  }
}

async function view(
  found: FoundLink,
  deps: Pick<OrderingDeps, 'products' | 'supplier'>,
): Promise<Redemption> {
  const { order, item } = found;
  const products = await deps.products(order.productCodes);
  const byCode = new Map(products.map((product) => [product.productCode, product]));
  let claim: Redemption['claim'] = null;
  if (item.claimedAt !== null && item.supplierReference !== null) {
    const issued = await deps.supplier.find(item.supplierReference);
    const product = byCode.get(item.productCode ?? '');
    if (issued) {
      claim = {
        productCode: issued.productCode,
        productName: product?.name ?? issued.productCode,
        code: issued.code,
        pin: issued.pin,
        redemptionInstructions: product?.redemptionInstructions ?? '',
        claimedAt: item.claimedAt.toISOString(),
      };
    }
  }
  // A choice offers what can be had now; a single merchant is shown whatever its state.
  const choices = order.productCodes
    .flatMap((code) => byCode.get(code) ?? [])
    .filter(
      (product) => order.productCodes.length === 1 || product.state !== 'TEMPORARILY_DISABLED',
    )
    .map((product) => ({
      productCode: product.productCode,
      name: product.name,
      logoUrl: product.logoUrl,
    }));
  return {
    status: item.claimedAt !== null ? 'CLAIMED' : 'AVAILABLE',
    senderName: order.senderName,
    message: (order.message as RewardMessage | null) ?? { ...rewardMessageDefaults },
    currency: order.currency,
    faceValue: toDecimalString(moneyFromMinor(order.currency, order.faceValue)),
    expiresAt: item.claimedAt === null ? (item.expiresAt?.toISOString() ?? null) : null,
    choices,
    claim,
  };
}

export async function getRedemption(
  token: string,
  deps: Pick<OrderingDeps, 'db' | 'products' | 'supplier'>,
): Promise<Redemption> {
  const found = await findLink(deps.db, token);
  checkClaimable(found, new Date());
  return view(found, deps);
}

/**
 * Claims a reward for one of its merchants: the supplier issues the code (once: asked again for
 * the item, it gives the same one), then the item records it and, for a link or a choice, its
 * hold is posted, under a lock so two claims racing each other end with one code. Claiming again
 * shows the same code; every claim is audited.
 */
export async function claimRedemption(
  token: string,
  productCode: string,
  deps: Pick<OrderingDeps, 'db' | 'products' | 'supplier'>,
): Promise<Redemption> {
  const { db } = deps;
  const found = await findLink(db, token);
  checkClaimable(found, new Date());
  const { order, item } = found;
  if (item.claimedAt === null) {
    if (!order.productCodes.includes(productCode)) {
      throw new AppError('validation_error', [
        { path: 'body.productCode', message: 'Choose one of the merchants this reward offers.' },
      ]);
    }
    let issued: IssuedCode | undefined;
    if (item.supplierReference === null) {
      const [product] = await deps.products([productCode]);
      if (!product || product.state === 'TEMPORARILY_DISABLED') {
        throw new AppError('product_unavailable');
      }
      try {
        issued = await deps.supplier.issue({
          key: item.id,
          productCode,
          currency: order.currency,
          faceValue: order.faceValue,
        });
      } catch (error) {
        if (error instanceof SupplierRefusal) throw new AppError('product_unavailable');
        throw error;
      }
    }
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.id, item.id))
        .for('update');
      if (!locked || locked.claimedAt !== null) return;
      if (locked.status === 'CANCELLED') throw new AppError('redemption_link_cancelled');
      if (locked.status === 'EXPIRED') throw new AppError('redemption_link_expired');
      await tx
        .update(orderItems)
        .set({
          status: 'CLAIMED',
          claimedAt: new Date(),
          ...(issued
            ? { productCode: issued.productCode, supplierReference: issued.reference }
            : {}),
        })
        .where(eq(orderItems.id, item.id));
      // A code issued at fulfilment was paid for then; a link or a choice is paid now.
      if (issued) await postOrderItem(tx, order, item.id);
      await recordAudit(tx, {
        actorUserId: null,
        customerId: order.customerId,
        action: 'redemption.claim',
        target: item.id,
        details: { orderId: order.id, productCode: issued?.productCode ?? locked.productCode },
      });
    });
  } else {
    await recordAudit(db, {
      actorUserId: null,
      customerId: order.customerId,
      action: 'redemption.claim_again',
      target: item.id,
      details: { orderId: order.id },
    });
  }
  return view(await findLink(db, token), deps);
}
