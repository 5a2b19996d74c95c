import type { Denominations, ExpiryPolicy, ProductCategory, ProductState } from '@boon/contracts';
import {
  currencyExponent,
  moneyFromMinor,
  supportedCountries,
  toDecimalString,
} from '@boon/domain';
import { logoStyleFor, type LogoStyle } from '../logos/product-logo.js';

/** A product as the generator makes it, ready to insert. */
export interface DemoProduct {
  code: string;
  name: string;
  categories: ProductCategory[];
  countries: string[];
  currency: string;
  denominations: Denominations;
  minValue: bigint;
  maxValue: bigint;
  fixedValues: bigint[] | null;
  valueStep: bigint | null;
  discountPercent: string;
  description: string;
  terms: string;
  redemptionInstructions: string;
  expiryPolicy: ExpiryPolicy;
  redeemOnline: boolean;
  redeemInStore: boolean;
  state: ProductState;
  logoStyle: LogoStyle;
}

interface Brand {
  code: string;
  name: string;
  categories: ProductCategory[];
  /** Open range (whole units at a "1 unit ≈ 1 USD" scale) or a fixed list. */
  values: { type: 'open'; min: number; max: number } | { type: 'fixed'; values: number[] };
  online: boolean;
  inStore: boolean;
  expiryMonths: number | null;
  /** What the brand is, for its description. */
  about: string;
}

// Fictional merchants: the demo network must not borrow anyone's trade mark.
const brands: readonly Brand[] = [
  {
    code: 'NORTHWIND-COFFEE',
    name: 'Northwind Coffee',
    categories: ['food_and_drink'],
    values: { type: 'open', min: 5, max: 500 },
    online: true,
    inStore: true,
    expiryMonths: null,
    about: 'coffee houses with roasts from small farms',
  },
  {
    code: 'ACORN-BOOKS',
    name: 'Acorn Books',
    categories: ['books_and_music'],
    values: { type: 'fixed', values: [10, 25, 50, 100] },
    online: true,
    inStore: true,
    expiryMonths: 36,
    about: 'bookshops and e-books',
  },
  {
    code: 'SKYLINE-TRAVEL',
    name: 'Skyline Travel',
    categories: ['travel'],
    values: { type: 'open', min: 50, max: 2000 },
    online: true,
    inStore: false,
    expiryMonths: 24,
    about: 'flights, hotels and city breaks',
  },
  {
    code: 'PIXEL-ARCADE',
    name: 'Pixel Arcade',
    categories: ['gaming', 'entertainment'],
    values: { type: 'fixed', values: [10, 20, 50] },
    online: true,
    inStore: false,
    expiryMonths: null,
    about: 'games and in-game credit for every console',
  },
  {
    code: 'GREENLEAF-GROCERS',
    name: 'Greenleaf Grocers',
    categories: ['groceries'],
    values: { type: 'open', min: 10, max: 1000 },
    online: true,
    inStore: true,
    expiryMonths: 12,
    about: 'fresh groceries delivered or in store',
  },
  {
    code: 'VOLT-ELECTRONICS',
    name: 'Volt Electronics',
    categories: ['electronics'],
    values: { type: 'open', min: 25, max: 5000 },
    online: true,
    inStore: true,
    expiryMonths: 36,
    about: 'phones, laptops and smart home gear',
  },
  {
    code: 'THREADLINE',
    name: 'Threadline',
    categories: ['fashion'],
    values: { type: 'fixed', values: [25, 50, 75, 100, 200] },
    online: true,
    inStore: true,
    expiryMonths: 24,
    about: 'clothes, shoes and accessories',
  },
  {
    code: 'HEARTH-HOME',
    name: 'Hearth & Home',
    categories: ['home'],
    values: { type: 'open', min: 20, max: 2500 },
    online: true,
    inStore: true,
    expiryMonths: 36,
    about: 'furniture, kitchenware and décor',
  },
  {
    code: 'BLOOM-BEAUTY',
    name: 'Bloom Beauty',
    categories: ['health_and_beauty'],
    values: { type: 'fixed', values: [15, 30, 50, 100] },
    online: true,
    inStore: true,
    expiryMonths: 12,
    about: 'skin care, make-up and fragrance',
  },
  {
    code: 'STADIUM-SPORTS',
    name: 'Stadium Sports',
    categories: ['sports', 'fashion'],
    values: { type: 'open', min: 10, max: 1000 },
    online: true,
    inStore: true,
    expiryMonths: 24,
    about: 'sportswear and equipment',
  },
  {
    code: 'REEL-CINEMAS',
    name: 'Reel Cinemas',
    categories: ['entertainment'],
    values: { type: 'fixed', values: [10, 25, 50] },
    online: false,
    inStore: true,
    expiryMonths: 12,
    about: 'films on the big screen, snacks included',
  },
  {
    code: 'HARBOUR-DINING',
    name: 'Harbour Dining',
    categories: ['food_and_drink'],
    values: { type: 'open', min: 25, max: 500 },
    online: false,
    inStore: true,
    expiryMonths: 12,
    about: 'restaurants by the water in many cities',
  },
  {
    code: 'CLOUDSTREAM',
    name: 'Cloudstream',
    categories: ['entertainment', 'books_and_music'],
    values: { type: 'fixed', values: [10, 15, 30, 60] },
    online: true,
    inStore: false,
    expiryMonths: null,
    about: 'music, films and series to stream',
  },
  {
    code: 'WAYFARER-RIDES',
    name: 'Wayfarer Rides',
    categories: ['travel'],
    values: { type: 'open', min: 5, max: 250 },
    online: true,
    inStore: false,
    expiryMonths: null,
    about: 'rides and food delivery in the app',
  },
  {
    code: 'KINDRED-GIVING',
    name: 'Kindred Giving',
    categories: ['charity'],
    values: { type: 'open', min: 1, max: 10000 },
    online: true,
    inStore: false,
    expiryMonths: 12,
    about: 'donations to a charity of the recipient’s choice',
  },
  {
    code: 'MAPLE-MARKET',
    name: 'Maple Market',
    categories: ['groceries', 'home'],
    values: { type: 'fixed', values: [20, 50, 100, 250] },
    online: true,
    inStore: true,
    expiryMonths: 36,
    about: 'everyday shopping, from pantry to garden',
  },
  {
    code: 'ORBIT-GAMES',
    name: 'Orbit Games',
    categories: ['gaming'],
    values: { type: 'open', min: 5, max: 200 },
    online: true,
    inStore: false,
    expiryMonths: null,
    about: 'a game store with thousands of titles',
  },
  {
    code: 'SUMMIT-OUTDOORS',
    name: 'Summit Outdoors',
    categories: ['sports', 'travel'],
    values: { type: 'open', min: 25, max: 1500 },
    online: true,
    inStore: true,
    expiryMonths: 36,
    about: 'hiking, camping and climbing gear',
  },
  {
    code: 'PAPER-CRANE',
    name: 'Paper Crane',
    categories: ['books_and_music', 'home'],
    values: { type: 'fixed', values: [10, 20, 40] },
    online: true,
    inStore: true,
    expiryMonths: 24,
    about: 'stationery, art supplies and gifts',
  },
  {
    code: 'VITAL-PHARMACY',
    name: 'Vital Pharmacy',
    categories: ['health_and_beauty'],
    values: { type: 'open', min: 10, max: 500 },
    online: true,
    inStore: true,
    expiryMonths: 24,
    about: 'health care and wellness products',
  },
  {
    code: 'UPTOWN-BISTRO',
    name: 'Uptown Bistro',
    categories: ['food_and_drink'],
    values: { type: 'fixed', values: [25, 50, 100] },
    online: false,
    inStore: true,
    expiryMonths: 12,
    about: 'a bistro chain for lunch and dinner',
  },
  {
    code: 'NOVA-MOBILE',
    name: 'Nova Mobile',
    categories: ['electronics'],
    values: { type: 'fixed', values: [10, 20, 30, 50] },
    online: true,
    inStore: true,
    expiryMonths: null,
    about: 'mobile top-ups and data bundles',
  },
];

/**
 * Value scale by currency: roughly how many units buy what one USD does, rounded to a round
 * number, so a 25 USD reward is a 2,500 JPY one and not a 25 JPY one.
 */
const unitsPerDollar: Readonly<Record<string, number>> = {
  ARS: 1000,
  CLP: 1000,
  COP: 1000,
  HUF: 100,
  IDR: 10000,
  INR: 100,
  JPY: 100,
  KES: 100,
  KRW: 1000,
  NGN: 1000,
  PHP: 50,
  VND: 10000,
  THB: 30,
  CZK: 20,
  MXN: 20,
  ZAR: 20,
  EGP: 50,
  TRY: 30,
  TWD: 30,
  UAH: 40,
  PKR: 300,
  BDT: 100,
  LKR: 300,
  RUB: 100,
  NOK: 10,
  SEK: 10,
  DKK: 7,
  CNY: 7,
  HKD: 8,
  BRL: 5,
  PEN: 4,
  PLN: 4,
  MYR: 5,
  ILS: 4,
  SAR: 4,
  AED: 4,
  RON: 5,
  BGN: 2,
};

/** A small deterministic generator (mulberry32): the demo network is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Products the demo and its tests rely on, whatever the generator decides. */
const fixedStates: Readonly<Record<string, ProductState>> = {
  'SKYLINE-TRAVEL-US': 'TEMPORARILY_DISABLED',
  'PIXEL-ARCADE-US': 'TEMPORARILY_DEGRADED',
  'NORTHWIND-COFFEE-US': 'LIVE',
  'ACORN-BOOKS-US': 'LIVE',
  'NORTHWIND-COFFEE-GB': 'LIVE',
  'NORTHWIND-COFFEE-DE': 'LIVE',
};

/**
 * The demo merchant network: each brand in most of the supported countries (spec 5
 * and 9: about 55, the prohibited ones never), in the country's currency, at least 1,000 products.
 * `copies` repeats the network under numbered names, for the 100,000-product benchmark.
 */
export function demoCatalogue({ copies = 1 }: { copies?: number } = {}): DemoProduct[] {
  const next = random(20261126);
  const products: DemoProduct[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    for (const brand of brands) {
      for (const country of supportedCountries) {
        const code = `${brand.code}-${country.isoCode}${copy === 0 ? '' : `-${copy}`}`;
        // Every brand is in the US, GB and the euro area's big markets; elsewhere in most.
        const core = ['US', 'GB', 'DE', 'FR', 'CA'].includes(country.isoCode);
        if (!core && next() < 0.12) continue;
        const roll = next();
        const state: ProductState =
          fixedStates[code] ??
          (roll < 0.03 ? 'TEMPORARILY_DISABLED' : roll < 0.06 ? 'TEMPORARILY_DEGRADED' : 'LIVE');
        const name = copy === 0 ? brand.name : `${brand.name} ${copy}`;
        products.push(
          product(brand, name, code, country.isoCode, country.label, country.currency, state, next),
        );
      }
    }
  }
  return products;
}

function product(
  brand: Brand,
  name: string,
  code: string,
  country: string,
  countryName: string,
  currency: string,
  state: ProductState,
  next: () => number,
): DemoProduct {
  const exponent = currencyExponent(currency);
  const unit = 10n ** BigInt(exponent);
  const scale = BigInt(unitsPerDollar[currency] ?? 1);
  const minor = (whole: number) => BigInt(whole) * scale * unit;
  const format = (value: bigint) => toDecimalString(moneyFromMinor(currency, value));
  let denominations: Denominations;
  let minValue: bigint;
  let maxValue: bigint;
  let fixedValues: bigint[] | null = null;
  let valueStep: bigint | null = null;
  if (brand.values.type === 'fixed') {
    fixedValues = brand.values.values.map(minor);
    minValue = fixedValues[0] ?? 0n;
    maxValue = fixedValues[fixedValues.length - 1] ?? 0n;
    denominations = { type: 'fixed', values: fixedValues.map(format) };
  } else {
    minValue = minor(brand.values.min);
    maxValue = minor(brand.values.max);
    // Any amount in the currency's smallest unit; whole units where the currency has no cents.
    valueStep = exponent === 0 ? scale : 1n;
    denominations = {
      type: 'open',
      min: format(minValue),
      max: format(maxValue),
      step: format(valueStep),
    };
  }
  const discountTenths = Math.floor(next() * 80);
  const discountPercent = `${Math.floor(discountTenths / 10)}.${discountTenths % 10}`;
  const where = [brand.online ? 'online' : null, brand.inStore ? 'in store' : null]
    .filter(Boolean)
    .join(' and ');
  return {
    code,
    name,
    categories: brand.categories,
    countries: [country],
    currency,
    denominations,
    minValue,
    maxValue,
    fixedValues,
    valueStep,
    discountPercent,
    description: `**${name}**: ${brand.about}, in ${countryName}. Spend it ${where}.`,
    terms: [
      `- Valid in ${countryName} only, ${where}.`,
      brand.expiryMonths === null
        ? '- Does not expire.'
        : `- Expires ${brand.expiryMonths} months after it is issued.`,
      '- Cannot be exchanged for cash, except where the law requires it.',
      '- Treat the code like cash: it cannot be replaced if lost or stolen.',
    ].join('\n'),
    redemptionInstructions: brand.online
      ? [
          `1. Shop at ${name} online and go to checkout.`,
          '2. Choose "Gift card" as the way to pay.',
          '3. Enter the code (and the PIN, if there is one).',
          brand.inStore ? '4. In store, show the code at the till.' : '',
        ]
          .filter(Boolean)
          .join('\n')
      : `1. Visit a ${name} in ${countryName}.\n2. Show the code at the till before paying.`,
    expiryPolicy:
      brand.expiryMonths === null
        ? { type: 'never' }
        : { type: 'months_from_issue', months: brand.expiryMonths },
    redeemOnline: brand.online,
    redeemInStore: brand.inStore,
    state,
    logoStyle: logoStyleFor(brand.name),
  };
}
