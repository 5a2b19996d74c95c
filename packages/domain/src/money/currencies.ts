/**
 * The currencies the product knows, each with its ISO 4217 exponent: how many decimal places its
 * minor unit has (USD 2: cents; JPY 0; BHD 3: fils). Every currency the spec and the product name
 * is here: the feature-flagged ones and the card payment ones (spec 5), the approval screen's
 * float currencies and the currency of every country in `countries.ts`, plus the 0- and 3-decimal
 * currencies that keep the arithmetic honest.
 *
 * The exponents are ISO 4217's, not Intl's: browsers take theirs from CLDR, which differs for some
 * (IDR, HUF, COP, IRR, KPW, SYP and IQD have 0 there; see currencies.test.ts). A code not in this
 * table is an error everywhere, never a silent "2".
 */

/** The exponents this table holds. */
export type CurrencyExponent = 0 | 2 | 3;

interface CurrencyEntry {
  readonly exponent: CurrencyExponent;
}

export const currencyTable = {
  AED: { exponent: 2 }, // UAE dirham
  ARS: { exponent: 2 }, // Argentine peso
  AUD: { exponent: 2 }, // Australian dollar
  BGN: { exponent: 2 }, // Bulgarian lev
  BHD: { exponent: 3 }, // Bahraini dinar
  BRL: { exponent: 2 }, // Brazilian real
  CAD: { exponent: 2 }, // Canadian dollar
  CHF: { exponent: 2 }, // Swiss franc
  CLP: { exponent: 0 }, // Chilean peso
  CNY: { exponent: 2 }, // Chinese yuan
  COP: { exponent: 2 }, // Colombian peso
  CUP: { exponent: 2 }, // Cuban peso
  CZK: { exponent: 2 }, // Czech koruna
  DKK: { exponent: 2 }, // Danish krone
  EGP: { exponent: 2 }, // Egyptian pound
  EUR: { exponent: 2 }, // Euro
  GBP: { exponent: 2 }, // Pound sterling
  HKD: { exponent: 2 }, // Hong Kong dollar
  HUF: { exponent: 2 }, // Hungarian forint
  IDR: { exponent: 2 }, // Indonesian rupiah
  ILS: { exponent: 2 }, // Israeli new shekel
  INR: { exponent: 2 }, // Indian rupee
  IQD: { exponent: 3 }, // Iraqi dinar
  IRR: { exponent: 2 }, // Iranian rial
  ISK: { exponent: 0 }, // Icelandic króna
  JOD: { exponent: 3 }, // Jordanian dinar
  JPY: { exponent: 0 }, // Japanese yen
  KES: { exponent: 2 }, // Kenyan shilling
  KPW: { exponent: 2 }, // North Korean won
  KRW: { exponent: 0 }, // South Korean won
  KWD: { exponent: 3 }, // Kuwaiti dinar
  LYD: { exponent: 3 }, // Libyan dinar
  MXN: { exponent: 2 }, // Mexican peso
  MYR: { exponent: 2 }, // Malaysian ringgit
  NGN: { exponent: 2 }, // Nigerian naira
  NOK: { exponent: 2 }, // Norwegian krone
  NZD: { exponent: 2 }, // New Zealand dollar
  OMR: { exponent: 3 }, // Omani rial
  PEN: { exponent: 2 }, // Peruvian sol
  PHP: { exponent: 2 }, // Philippine peso
  PLN: { exponent: 2 }, // Polish złoty
  PYG: { exponent: 0 }, // Paraguayan guaraní
  QAR: { exponent: 2 }, // Qatari riyal
  RON: { exponent: 2 }, // Romanian leu
  RUB: { exponent: 2 }, // Russian ruble
  SAR: { exponent: 2 }, // Saudi riyal
  SEK: { exponent: 2 }, // Swedish krona
  SGD: { exponent: 2 }, // Singapore dollar
  SYP: { exponent: 2 }, // Syrian pound
  THB: { exponent: 2 }, // Thai baht
  TND: { exponent: 3 }, // Tunisian dinar
  TRY: { exponent: 2 }, // Turkish lira
  TWD: { exponent: 2 }, // New Taiwan dollar
  UAH: { exponent: 2 }, // Ukrainian hryvnia
  UGX: { exponent: 0 }, // Ugandan shilling
  USD: { exponent: 2 }, // US dollar
  VND: { exponent: 0 }, // Vietnamese đồng
  XAF: { exponent: 0 }, // Central African CFA franc
  XOF: { exponent: 0 }, // West African CFA franc
  ZAR: { exponent: 2 }, // South African rand
} as const satisfies Record<string, CurrencyEntry>;

/** An ISO 4217 code the product knows, e.g. "USD". */
export type CurrencyCode = keyof typeof currencyTable;

/** Every code of the table, in alphabetical order. */
export const currencyCodes = Object.keys(currencyTable).sort() as readonly CurrencyCode[];

/** Whether `code` is a currency of the table (exactly: "usd" is not). */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(currencyTable, code);
}

/** Thrown where a code that is not in the table reaches code that needs one. */
export class UnknownCurrencyError extends Error {
  override name = 'UnknownCurrencyError';
  constructor(readonly code: string) {
    super(`Unknown currency "${code}": not an ISO 4217 code the product knows`);
  }
}

/** The code, checked against the table; an unknown one throws UnknownCurrencyError. */
export function requireCurrencyCode(code: string): CurrencyCode {
  if (!isCurrencyCode(code)) throw new UnknownCurrencyError(code);
  return code;
}

/** The currency's ISO 4217 exponent (2 for USD, 0 for JPY, 3 for BHD); unknown codes throw. */
export function currencyExponent(code: string): CurrencyExponent {
  return currencyTable[requireCurrencyCode(code)].exponent;
}
