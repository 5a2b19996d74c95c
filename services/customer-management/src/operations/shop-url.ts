import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSecrets, eq, type Database } from '@boon/db';

/** The app_secrets row holding the key shop URLs are signed with. */
export const SHOP_URL_SIGNING_KEY = 'shop-url-signing-key';

/** The key, made on first use; two processes racing both end up with the one stored first. */
export async function shopUrlSigningKey(db: Database): Promise<Buffer> {
  const read = async () => {
    const [row] = await db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, SHOP_URL_SIGNING_KEY))
      .limit(1);
    const value = row?.value as { key?: unknown } | undefined;
    return typeof value?.key === 'string' ? Buffer.from(value.key, 'base64url') : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(appSecrets)
    .values({ name: SHOP_URL_SIGNING_KEY, value: { key: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing({ target: appSecrets.name });
  const stored = await read();
  if (!stored) throw new Error(`could not store the secret ${SHOP_URL_SIGNING_KEY}`);
  return stored;
}

/** Whom a shop URL is for: the user, acting for the customer. */
export interface ShopVisitor {
  customerId: string;
  userId: string;
}

/**
 * HMAC-SHA256 over the customer id, the user id and the expiry (unix seconds), joined by dots,
 * base64url. Neither id format has a dot, and the expiry is an integer, so the joined text names
 * one triple only.
 */
export function shopUrlSignature(key: Buffer, visitor: ShopVisitor, expires: number): string {
  return createHmac('sha256', key)
    .update(`${visitor.customerId}.${visitor.userId}.${expires}`)
    .digest('base64url');
}

/**
 * Whether a shop URL's parameters are ours and not yet expired (for the shop's side). The shop
 * serves the user the URL names, for the customer it names, and nobody else: the signature
 * covers both.
 */
export function verifyShopUrl(
  key: Buffer,
  params: ShopVisitor & { expires: number; signature: string },
  now: Date = new Date(),
): boolean {
  if (!Number.isSafeInteger(params.expires) || params.expires * 1000 <= now.getTime()) return false;
  if (params.customerId === '' || params.userId === '') return false;
  const expected = Buffer.from(shopUrlSignature(key, params, params.expires));
  const given = Buffer.from(params.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The signed URL of the shop for `visitor`, valid until `expiresAt`. */
export function signedShopUrl(
  key: Buffer,
  publicUrl: string,
  visitor: ShopVisitor,
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({
    customer_id: visitor.customerId,
    user_id: visitor.userId,
    expires: String(expires),
    signature: shopUrlSignature(key, visitor, expires),
  });
  return `${publicUrl.replace(/\/+$/, '')}/shop?${query.toString()}`;
}
