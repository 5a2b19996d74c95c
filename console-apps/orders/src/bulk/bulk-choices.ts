import { rewardMessageDefaults, type ProductSummary, type RewardMessage } from '@boon/contracts';
import type { BulkDefaults, BulkFacts } from './bulk-row-check';

/** What the person chose for the whole order, for the rows that leave it out. */
export interface BulkChoices {
  /** The merchant of rows with no merchant code ("or the order's chosen merchant"). */
  merchant: ProductSummary | null;
  /** The order's message, for rows with no message of their own; null: the usual one. */
  message: RewardMessage | null;
}

export const noBulkChoices: BulkChoices = { merchant: null, message: null };

/** The defaults the row check fills a row's gaps with, from the order's choices. */
export function bulkDefaultsOf(choices: BulkChoices): BulkDefaults {
  return {
    ...(choices.merchant ? { productCode: choices.merchant.productCode } : {}),
    message: choices.message ?? { ...rewardMessageDefaults },
    ...(choices.message ? { messageChosen: true } : {}),
  };
}

/** Whether rows checked with `checked` would come out the same with `wanted`. */
export function sameDefaults(checked: BulkDefaults, wanted: BulkDefaults): boolean {
  return (
    checked.productCode === wanted.productCode &&
    Boolean(checked.messageChosen) === Boolean(wanted.messageChosen) &&
    checked.message.header === wanted.message.header &&
    checked.message.body === wanted.message.body &&
    checked.message.colour === wanted.message.colour
  );
}

/** The catalogue's facts with the chosen merchant in them, which no row may name. */
export function withChosenMerchant(facts: BulkFacts, choices: BulkChoices): BulkFacts {
  const merchant = choices.merchant;
  if (!merchant || facts.products.has(merchant.productCode)) return facts;
  return { ...facts, products: new Map(facts.products).set(merchant.productCode, merchant) };
}
