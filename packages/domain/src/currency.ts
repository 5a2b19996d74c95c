/** The narrow symbol of an ISO 4217 currency in English ("$" for USD, "£" for GBP). */
export function currencySymbol(code: string, locale = 'en'): string {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** Spec section 5: feature-flagged currencies and whether each is on for a new customer. */
export const featureFlaggedCurrencyDefaults: Readonly<Record<string, boolean>> = {
  AED: true,
  ARS: true,
  BGN: true,
  BRL: true,
  CLP: true,
  COP: true,
  INR: true,
  MYR: true,
  PEN: true,
  SAR: true,
  EGP: false,
  IDR: false,
  ILS: false,
  PHP: false,
  THB: false,
  TRY: false,
  VND: false,
};
