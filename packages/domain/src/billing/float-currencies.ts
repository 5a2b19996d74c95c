import { flagEmoji } from '../countries.js';
import { currencySymbol } from '../currency.js';
import type { CurrencyCode } from '../money/currencies.js';

/** Spec 3: a float account currency, as the balances screen shows it. */
export interface FloatCurrency {
  code: CurrencyCode;
  title: string;
  /** The flag emoji of the country (or union) the currency belongs to. */
  flag: string;
  /** That country's (or union's) ISO 3166 alpha-2 code, for a drawn flag ("GB", "EU"). */
  region: string;
  /** The narrow symbol ("$", "£"). */
  symbol: string;
}

// Code → title and the alpha-2 region whose flag stands for it. Spec 3 and 9: 37 currencies.
const floatCurrencyTable: Readonly<Record<string, readonly [title: string, region: string]>> = {
  AED: ['UAE dirham', 'AE'],
  AUD: ['Australian dollar', 'AU'],
  BGN: ['Bulgarian lev', 'BG'],
  BRL: ['Brazilian real', 'BR'],
  CAD: ['Canadian dollar', 'CA'],
  CHF: ['Swiss franc', 'CH'],
  CLP: ['Chilean peso', 'CL'],
  CNY: ['Chinese yuan', 'CN'],
  COP: ['Colombian peso', 'CO'],
  CZK: ['Czech koruna', 'CZ'],
  DKK: ['Danish krone', 'DK'],
  EGP: ['Egyptian pound', 'EG'],
  EUR: ['Euro', 'EU'],
  GBP: ['British pound', 'GB'],
  HKD: ['Hong Kong dollar', 'HK'],
  HUF: ['Hungarian forint', 'HU'],
  IDR: ['Indonesian rupiah', 'ID'],
  ILS: ['Israeli new shekel', 'IL'],
  INR: ['Indian rupee', 'IN'],
  JPY: ['Japanese yen', 'JP'],
  KRW: ['South Korean won', 'KR'],
  MXN: ['Mexican peso', 'MX'],
  MYR: ['Malaysian ringgit', 'MY'],
  NOK: ['Norwegian krone', 'NO'],
  NZD: ['New Zealand dollar', 'NZ'],
  PEN: ['Peruvian sol', 'PE'],
  PHP: ['Philippine peso', 'PH'],
  PLN: ['Polish złoty', 'PL'],
  RON: ['Romanian leu', 'RO'],
  SAR: ['Saudi riyal', 'SA'],
  SEK: ['Swedish krona', 'SE'],
  SGD: ['Singapore dollar', 'SG'],
  THB: ['Thai baht', 'TH'],
  TRY: ['Turkish lira', 'TR'],
  USD: ['US dollar', 'US'],
  VND: ['Vietnamese đồng', 'VN'],
  ZAR: ['South African rand', 'ZA'],
};

/** Every float account currency, by code. */
export const floatCurrencies: readonly FloatCurrency[] = Object.entries(floatCurrencyTable)
  .map(([code, [title, region]]) => ({
    code: code as CurrencyCode,
    title,
    flag: flagEmoji(region),
    region,
    symbol: currencySymbol(code),
  }))
  .sort((a, b) => a.code.localeCompare(b.code));

/** The float currency of `code`, or undefined when a customer cannot hold a float in it. */
export function floatCurrency(code: string): FloatCurrency | undefined {
  return floatCurrencies.find((currency) => currency.code === code);
}
