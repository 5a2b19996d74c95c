import type { SavedCard } from '@boon/contracts';

/** "Visa ending 4242, expires 12/29": how a person recognises a stored card. */
export function cardLabel(
  card: Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>,
): string {
  return `${card.brand} ending ${card.last4}, expires ${cardExpiry(card)}`;
}

/** MM/YY, as printed on the card. */
export function cardExpiry(card: Pick<SavedCard, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}
