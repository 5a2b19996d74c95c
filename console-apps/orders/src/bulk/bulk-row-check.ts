import {
  bulkRowSchema,
  type BulkRow,
  type ProductSummary,
  type RewardMessage,
} from '@boon/contracts';
import { instantOfWallTime } from '@boon/domain';
import { denominationProblem } from '../order-create';
import type { BulkField } from './column-mapping';

/** A spreadsheet row as its mapped cells say it, before any check. */
export type RawBulkRow = Partial<Record<BulkField, string>>;

/** What the order sets for rows that leave it out ("or the order's chosen merchant"). */
export interface BulkDefaults {
  productCode?: string;
  /** The message every reward carries; a row's own message cell replaces its body. */
  message: RewardMessage;
  /**
   * The message was chosen for this order: rows without a message cell carry it as it is.
   * Otherwise they carry none, and the rewards say the usual message.
   */
  messageChosen?: boolean;
}

/** What the company and the catalogue say, fetched once for the whole file. */
export interface BulkFacts {
  products: ReadonlyMap<string, ProductSummary>;
  /** The currencies the company holds a balance in. */
  balances: readonly string[];
  /**
   * Boon FX is on: rewards in a currency the company holds no balance in are paid from one it
   * holds, chosen at payment.
   */
  fx: boolean;
  /** The Settings timezone a delivery date is read in. */
  timeZone: string;
}

export type BulkRowErrors = Partial<Record<BulkField, string>>;

export type BulkRowCheck = { ok: true; row: BulkRow } | { ok: false; errors: BulkRowErrors };

/** "$1,250.00", "1250", " 25 " → "1250.00", "1250", "25": what a spreadsheet cell holds as an amount. */
function amountOf(cell: string): string {
  return cell
    .trim()
    .replace(/^[^\d.-]+/, '')
    .replace(/,/g, '');
}

/** "2026-12-01" or "2026-12-01 09:00" (or with a T): the wall time the cell names, 09:00 if none. */
function wallTimeOf(cell: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{1,2}):(\d{2}))?$/.exec(cell.trim());
  if (!match) return null;
  const [, date, hour = '9', minute = '00'] = match;
  return `${date}T${hour.padStart(2, '0')}:${minute}`;
}

/**
 * One row checked as the server will check it: the contract's own schema for its
 * shape and limits, then the catalogue's facts (merchant known and live, sold in the currency, the
 * value on offer) and the balance that pays. Each problem is at its field, in the server's words.
 */
export function checkBulkRow(
  raw: RawBulkRow,
  defaults: BulkDefaults,
  facts: BulkFacts,
): BulkRowCheck {
  const errors: BulkRowErrors = {};
  const productCode = (raw.productCode?.trim() || defaults.productCode || '').toUpperCase();
  const product = facts.products.get(productCode);
  const currency = (raw.currency?.trim() || product?.currency || '').toUpperCase();
  let deliverAt: string | undefined;
  if (raw.deliverAt?.trim()) {
    const wall = wallTimeOf(raw.deliverAt);
    const at = wall ? instantOfWallTime(wall, facts.timeZone) : null;
    if (at) deliverAt = at.toISOString();
    else errors.deliverAt = 'Enter a date as 2026-12-01, or a date and time as 2026-12-01 09:00.';
  }
  const message = raw.message?.trim()
    ? { ...defaults.message, body: raw.message.trim() }
    : defaults.messageChosen
      ? defaults.message
      : undefined;
  const candidate = {
    name: raw.name ?? '',
    email: raw.email?.trim() ?? '',
    productCode,
    currency,
    faceValue: amountOf(raw.faceValue ?? ''),
    ...(message ? { message } : {}),
    ...(deliverAt ? { deliverAt } : {}),
  };
  const parsed = bulkRowSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] === 'message' ? 'message' : issue.path[0]) as BulkField;
      errors[field] ??= issue.message;
    }
  }
  // No currency cell and no merchant to take it from: the merchant's problem is the one to fix.
  if (!product && !raw.currency?.trim()) delete errors.currency;
  // No code at all: the schema's "such as AMAZON-US" would hide the other way, the order's merchant.
  if (!productCode) {
    errors.productCode = 'Enter a merchant code, or choose the merchant for every row.';
  } else if (!errors.productCode) {
    if (!product) errors.productCode = `There is no merchant ${productCode} in the network.`;
    else if (product.state === 'TEMPORARILY_DISABLED') {
      errors.productCode = `${product.name} is temporarily unavailable. Choose another merchant, or try again later.`;
    } else if (!errors.currency && product.currency !== currency) {
      errors.currency = `${product.name} is sold in ${product.currency}, not ${currency}.`;
    }
  }
  if (product && !errors.faceValue && !errors.productCode && !errors.currency) {
    const problem = denominationProblem([product], candidate.faceValue);
    if (problem) errors.faceValue = problem;
  }
  // With Boon FX on, any balance may pay: the payment step asks which.
  const payable = (code: string) =>
    facts.balances.includes(code) || (facts.fx && facts.balances.length > 0);
  if (!errors.currency && currency && !payable(currency)) {
    errors.currency =
      'This company has no balance in that currency. Choose one of your balance currencies.';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, row: parsed.data };
}
