/**
 * The countries a company can be registered in (spec 3, "Country option"; spec 5: the prohibited
 * ones removed, US and GB promoted to the top; spec 9: about 55).
 */
export interface CountryOption {
  /** The country's English name, as shown in choices. */
  label: string;
  /** ISO 3166-1 alpha-2, e.g. "US": what forms send. */
  isoCode: string;
  /** ISO 3166-1 alpha-3, e.g. "USA". */
  alpha3Code: string;
  /** The ISO 4217 code of the country's currency, e.g. "USD". */
  currency: string;
  /** The flag emoji, made from the alpha-2 code's regional indicator letters. */
  flag: string;
  /** The currency's symbol, e.g. "$". */
  symbol: string;
  /** The currency's full English name, e.g. "US Dollar". */
  currencyName: string;
}

/** Spec 5: companies in these countries cannot be served; they never appear as choices. */
export const prohibitedCountryCodes = ['CU', 'IR', 'KP', 'RU', 'SY'] as const;

/** Spec 5: promoted to the top of the choices, in this order. */
export const promotedCountryCodes = ['US', 'GB'] as const;

/** Symbol and name of each currency the countries below use. */
const currencies: Readonly<Record<string, { symbol: string; name: string }>> = {
  AED: { symbol: 'د.إ', name: 'UAE Dirham' },
  ARS: { symbol: '$', name: 'Argentine Peso' },
  AUD: { symbol: '$', name: 'Australian Dollar' },
  BRL: { symbol: 'R$', name: 'Brazilian Real' },
  CAD: { symbol: '$', name: 'Canadian Dollar' },
  CHF: { symbol: 'CHF', name: 'Swiss Franc' },
  CLP: { symbol: '$', name: 'Chilean Peso' },
  CNY: { symbol: '¥', name: 'Chinese Yuan' },
  COP: { symbol: '$', name: 'Colombian Peso' },
  CUP: { symbol: '$', name: 'Cuban Peso' },
  CZK: { symbol: 'Kč', name: 'Czech Koruna' },
  DKK: { symbol: 'kr', name: 'Danish Krone' },
  EGP: { symbol: 'E£', name: 'Egyptian Pound' },
  EUR: { symbol: '€', name: 'Euro' },
  GBP: { symbol: '£', name: 'British Pound' },
  HKD: { symbol: '$', name: 'Hong Kong Dollar' },
  HUF: { symbol: 'Ft', name: 'Hungarian Forint' },
  IDR: { symbol: 'Rp', name: 'Indonesian Rupiah' },
  ILS: { symbol: '₪', name: 'Israeli New Shekel' },
  INR: { symbol: '₹', name: 'Indian Rupee' },
  IRR: { symbol: '﷼', name: 'Iranian Rial' },
  JPY: { symbol: '¥', name: 'Japanese Yen' },
  KES: { symbol: 'KSh', name: 'Kenyan Shilling' },
  KPW: { symbol: '₩', name: 'North Korean Won' },
  KRW: { symbol: '₩', name: 'South Korean Won' },
  MXN: { symbol: '$', name: 'Mexican Peso' },
  MYR: { symbol: 'RM', name: 'Malaysian Ringgit' },
  NGN: { symbol: '₦', name: 'Nigerian Naira' },
  NOK: { symbol: 'kr', name: 'Norwegian Krone' },
  NZD: { symbol: '$', name: 'New Zealand Dollar' },
  PEN: { symbol: 'S/', name: 'Peruvian Sol' },
  PHP: { symbol: '₱', name: 'Philippine Peso' },
  PLN: { symbol: 'zł', name: 'Polish Złoty' },
  QAR: { symbol: 'ر.ق', name: 'Qatari Riyal' },
  RON: { symbol: 'lei', name: 'Romanian Leu' },
  RUB: { symbol: '₽', name: 'Russian Ruble' },
  SAR: { symbol: 'ر.س', name: 'Saudi Riyal' },
  SEK: { symbol: 'kr', name: 'Swedish Krona' },
  SGD: { symbol: '$', name: 'Singapore Dollar' },
  SYP: { symbol: '£', name: 'Syrian Pound' },
  THB: { symbol: '฿', name: 'Thai Baht' },
  TRY: { symbol: '₺', name: 'Turkish Lira' },
  TWD: { symbol: '$', name: 'New Taiwan Dollar' },
  UAH: { symbol: '₴', name: 'Ukrainian Hryvnia' },
  USD: { symbol: '$', name: 'US Dollar' },
  VND: { symbol: '₫', name: 'Vietnamese Dong' },
  ZAR: { symbol: 'R', name: 'South African Rand' },
};

/** [label, alpha-2, alpha-3, currency] of every country the product knows, prohibited included. */
const countryRows: readonly (readonly [string, string, string, string])[] = [
  ['Argentina', 'AR', 'ARG', 'ARS'],
  ['Australia', 'AU', 'AUS', 'AUD'],
  ['Austria', 'AT', 'AUT', 'EUR'],
  ['Belgium', 'BE', 'BEL', 'EUR'],
  ['Brazil', 'BR', 'BRA', 'BRL'],
  ['Canada', 'CA', 'CAN', 'CAD'],
  ['Chile', 'CL', 'CHL', 'CLP'],
  ['China', 'CN', 'CHN', 'CNY'],
  ['Colombia', 'CO', 'COL', 'COP'],
  ['Croatia', 'HR', 'HRV', 'EUR'],
  ['Cuba', 'CU', 'CUB', 'CUP'],
  ['Czechia', 'CZ', 'CZE', 'CZK'],
  ['Denmark', 'DK', 'DNK', 'DKK'],
  ['Egypt', 'EG', 'EGY', 'EGP'],
  ['Finland', 'FI', 'FIN', 'EUR'],
  ['France', 'FR', 'FRA', 'EUR'],
  ['Germany', 'DE', 'DEU', 'EUR'],
  ['Greece', 'GR', 'GRC', 'EUR'],
  ['Hong Kong', 'HK', 'HKG', 'HKD'],
  ['Hungary', 'HU', 'HUN', 'HUF'],
  ['India', 'IN', 'IND', 'INR'],
  ['Indonesia', 'ID', 'IDN', 'IDR'],
  ['Iran', 'IR', 'IRN', 'IRR'],
  ['Ireland', 'IE', 'IRL', 'EUR'],
  ['Israel', 'IL', 'ISR', 'ILS'],
  ['Italy', 'IT', 'ITA', 'EUR'],
  ['Japan', 'JP', 'JPN', 'JPY'],
  ['Kenya', 'KE', 'KEN', 'KES'],
  ['Luxembourg', 'LU', 'LUX', 'EUR'],
  ['Malaysia', 'MY', 'MYS', 'MYR'],
  ['Mexico', 'MX', 'MEX', 'MXN'],
  ['Netherlands', 'NL', 'NLD', 'EUR'],
  ['New Zealand', 'NZ', 'NZL', 'NZD'],
  ['Nigeria', 'NG', 'NGA', 'NGN'],
  ['North Korea', 'KP', 'PRK', 'KPW'],
  ['Norway', 'NO', 'NOR', 'NOK'],
  ['Peru', 'PE', 'PER', 'PEN'],
  ['Philippines', 'PH', 'PHL', 'PHP'],
  ['Poland', 'PL', 'POL', 'PLN'],
  ['Portugal', 'PT', 'PRT', 'EUR'],
  ['Qatar', 'QA', 'QAT', 'QAR'],
  ['Romania', 'RO', 'ROU', 'RON'],
  ['Russia', 'RU', 'RUS', 'RUB'],
  ['Saudi Arabia', 'SA', 'SAU', 'SAR'],
  ['Singapore', 'SG', 'SGP', 'SGD'],
  ['Slovakia', 'SK', 'SVK', 'EUR'],
  ['South Africa', 'ZA', 'ZAF', 'ZAR'],
  ['South Korea', 'KR', 'KOR', 'KRW'],
  ['Spain', 'ES', 'ESP', 'EUR'],
  ['Sweden', 'SE', 'SWE', 'SEK'],
  ['Switzerland', 'CH', 'CHE', 'CHF'],
  ['Syria', 'SY', 'SYR', 'SYP'],
  ['Taiwan', 'TW', 'TWN', 'TWD'],
  ['Thailand', 'TH', 'THA', 'THB'],
  ['Türkiye', 'TR', 'TUR', 'TRY'],
  ['Ukraine', 'UA', 'UKR', 'UAH'],
  ['United Arab Emirates', 'AE', 'ARE', 'AED'],
  ['United Kingdom', 'GB', 'GBR', 'GBP'],
  ['United States', 'US', 'USA', 'USD'],
  ['Vietnam', 'VN', 'VNM', 'VND'],
];

/** The flag emoji of an alpha-2 code: each letter as its regional indicator symbol. */
export function flagEmoji(isoCode: string): string {
  return [...isoCode.toUpperCase()]
    .map((letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65))
    .join('');
}

function toOption([label, isoCode, alpha3Code, currency]: readonly [
  string,
  string,
  string,
  string,
]): CountryOption {
  const details = currencies[currency];
  if (!details) throw new Error(`No currency details for ${currency}`);
  return {
    label,
    isoCode,
    alpha3Code,
    currency,
    flag: flagEmoji(isoCode),
    symbol: details.symbol,
    currencyName: details.name,
  };
}

// The lists are built at import; marked pure so that a bundle which never reads them (the
// console's first screen imports this package for other rules) leaves the data out.

/** Every country the product knows, prohibited ones included, alphabetically. */
export const allCountries: readonly CountryOption[] = /* @__PURE__ */ countryRows.map(toOption);

/**
 * Spec 5's rules on a list of countries: the prohibited ones removed, the promoted ones first (in
 * their order), the rest in the order given.
 */
export function supportedCountriesOf(countries: readonly CountryOption[]): CountryOption[] {
  const prohibited = new Set<string>(prohibitedCountryCodes);
  const allowed = countries.filter((country) => !prohibited.has(country.isoCode));
  const promoted = promotedCountryCodes.flatMap((code) =>
    allowed.filter((country) => country.isoCode === code),
  );
  const rest = allowed.filter(
    (country) => !(promotedCountryCodes as readonly string[]).includes(country.isoCode),
  );
  return [...promoted, ...rest];
}

/** The country choices of the console's forms: US and GB first, then alphabetically. */
export const supportedCountries: readonly CountryOption[] =
  /* @__PURE__ */ supportedCountriesOf(allCountries);

export function isSupportedCountry(isoCode: string): boolean {
  return supportedCountries.some((country) => country.isoCode === isoCode);
}

/** Spec 8: "A country not found raises an error." */
export class CountryNotFoundError extends Error {
  override name = 'CountryNotFoundError';
  constructor(readonly isoCode: string) {
    super(`Country not found: ${isoCode}`);
  }
}

/** The supported country with this alpha-2 code (any case); throws CountryNotFoundError otherwise. */
export function countryByIsoCode(isoCode: string): CountryOption {
  const code = isoCode.trim().toUpperCase();
  const country = supportedCountries.find((candidate) => candidate.isoCode === code);
  if (!country) throw new CountryNotFoundError(isoCode);
  return country;
}
