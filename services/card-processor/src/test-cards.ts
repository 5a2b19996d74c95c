/**
 * The sandbox's test cards, after the payment providers' own (Stripe's numbers): what a charge on
 * each does. The sandbox accepts these numbers only, so a real card number typed into the demo is
 * refused at once and never goes further than the frame's request.
 */
export type CardBehaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'challenge';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  description: string;
}

export const testCards: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', behaviour: 'succeed', description: 'approved' },
  {
    number: '5555555555554444',
    brand: 'Mastercard',
    behaviour: 'succeed',
    description: 'approved',
  },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'decline', description: 'declined' },
  {
    number: '4000000000009995',
    brand: 'Visa',
    behaviour: 'insufficient_funds',
    description: 'declined for insufficient funds',
  },
  {
    number: '4000002760003184',
    brand: 'Visa',
    behaviour: 'challenge',
    description: 'asks for 3-D Secure',
  },
];

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  /** MM/YY or MM/YYYY, as people type it. */
  expiry: string;
  cvc: string;
  name: string;
}

export interface CheckedCard {
  card: TestCard;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string | null;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

/**
 * Checks what was typed in the frame; the field errors say what to fix and never repeat the
 * number. `now` decides whether the card has expired (it is valid through its expiry month).
 */
export function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; value: CheckedCard } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const card = testCards.find((candidate) => candidate.number === digits);
  if (digits === '') errors.number = 'Enter the card number.';
  else if (!/^\d+$/.test(digits) || !passesLuhn(digits))
    errors.number = 'Enter the card number as it is on the card: 12 to 19 digits.';
  else if (!card)
    errors.number =
      'This sandbox takes test cards only, such as 4242 4242 4242 4242. Never enter a real card here.';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (input.expiry.trim() === '') errors.expiry = 'Enter the expiry date.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY, for example 12/29.';
  else {
    expMonth = Number(expiry[1]);
    expYear = Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expMonth < 1 || expMonth > 12)
      errors.expiry = 'Enter the expiry date as MM/YY, for example 12/29.';
    else if (expYear * 12 + (expMonth - 1) < thisMonth) errors.expiry = 'This card has expired.';
    else if (expYear > now.getUTCFullYear() + 20)
      errors.expiry = 'Check the expiry date: it is too far ahead.';
  }

  const cvc = input.cvc.trim();
  if (cvc === '') errors.cvc = 'Enter the security code.';
  else if (!/^\d{3,4}$/.test(cvc))
    errors.cvc = 'Enter the 3 or 4 digit security code from the card.';

  const name = input.name.trim();
  if (name.length > 100) errors.name = 'Enter at most 100 characters.';

  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return {
    ok: true,
    value: { card, last4: digits.slice(-4), expMonth, expYear, name: name === '' ? null : name },
  };
}
