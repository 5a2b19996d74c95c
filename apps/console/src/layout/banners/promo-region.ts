import type { PromoRegion } from './promo-content';

/**
 * Picks the promotional banner's region (spec 1) from what the browser tells about where the user
 * is. The time zone comes first: it follows the user's location, while the language is often
 * en-US wherever they are. The region of an explicit locale (en-GB, de-AT) decides when the time
 * zone does not (UTC, Asia/Tokyo with en-GB), and anything else gets the default content.
 */
export function promoRegionFor({
  timeZone,
  locales,
}: {
  timeZone: string | undefined;
  locales: readonly string[];
}): PromoRegion {
  const byTimeZone = timeZone === undefined ? null : regionOfTimeZone(timeZone);
  if (byTimeZone) return byTimeZone;
  for (const locale of locales) {
    const country = countryOfLocale(locale);
    const region = country === null ? null : regionOfCountry(country);
    if (region) return region;
  }
  return 'default';
}

/** The region of this browser: its time zone and preferred languages. */
export function detectPromoRegion(): PromoRegion {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const locales =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages.length > 0
        ? navigator.languages
        : [navigator.language];
  return promoRegionFor({ timeZone, locales });
}

/** Countries (ISO 3166-1 alpha-2) of each region other than the default. */
const regionCountries: ReadonlyArray<readonly [PromoRegion, ReadonlySet<string>]> = [
  ['northAmerica', new Set(['US', 'CA', 'PR'])],
  ['uk', new Set(['GB'])],
  // The European Union, the rest of the EEA and Switzerland.
  [
    'europe',
    new Set([
      ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU'],
      ...['IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
      ...['IS', 'LI', 'NO', 'CH'],
    ]),
  ],
];

/** IANA time zones, current and legacy names, of the United States and Canada. */
const northAmericaTimeZones = new Set([
  ...['America/New_York', 'America/Detroit', 'America/Chicago', 'America/Menominee'],
  ...['America/Denver', 'America/Boise', 'America/Phoenix', 'America/Los_Angeles'],
  ...['America/Anchorage', 'America/Juneau', 'America/Sitka', 'America/Metlakatla'],
  ...['America/Yakutat', 'America/Nome', 'America/Adak', 'Pacific/Honolulu', 'America/Puerto_Rico'],
  ...['America/Indianapolis', 'America/Louisville', 'America/Fort_Wayne', 'America/Knox_IN'],
  ...['America/Shiprock', 'Navajo', 'America/Atka', 'Pacific/Johnston'],
  ...['America/St_Johns', 'America/Halifax', 'America/Glace_Bay', 'America/Moncton'],
  ...['America/Goose_Bay', 'America/Toronto', 'America/Montreal', 'America/Nipigon'],
  ...['America/Thunder_Bay', 'America/Iqaluit', 'America/Pangnirtung', 'America/Winnipeg'],
  ...['America/Rainy_River', 'America/Resolute', 'America/Rankin_Inlet', 'America/Regina'],
  ...['America/Swift_Current', 'America/Edmonton', 'America/Cambridge_Bay', 'America/Inuvik'],
  ...['America/Yellowknife', 'America/Dawson_Creek', 'America/Fort_Nelson', 'America/Whitehorse'],
  ...['America/Dawson', 'America/Vancouver', 'America/Atikokan', 'America/Coral_Harbour'],
  ...['America/Blanc-Sablon', 'America/Creston'],
]);
const northAmericaTimeZonePrefixes = [
  'America/Indiana/',
  'America/Kentucky/',
  'America/North_Dakota/',
  'US/',
  'Canada/',
];

const ukTimeZones = new Set([
  ...['Europe/London', 'Europe/Belfast', 'Europe/Guernsey', 'Europe/Isle_of_Man'],
  ...['Europe/Jersey', 'GB', 'GB-Eire'],
]);

/** IANA time zones, current and legacy names, of the EU, the rest of the EEA and Switzerland. */
const europeTimeZones = new Set([
  ...['Europe/Amsterdam', 'Europe/Athens', 'Europe/Berlin', 'Europe/Bratislava'],
  ...['Europe/Brussels', 'Europe/Bucharest', 'Europe/Budapest', 'Europe/Busingen'],
  ...['Europe/Copenhagen', 'Europe/Dublin', 'Europe/Helsinki', 'Europe/Lisbon'],
  ...['Europe/Ljubljana', 'Europe/Luxembourg', 'Europe/Madrid', 'Europe/Malta'],
  ...['Europe/Mariehamn', 'Europe/Nicosia', 'Europe/Oslo', 'Europe/Paris', 'Europe/Prague'],
  ...['Europe/Riga', 'Europe/Rome', 'Europe/Sofia', 'Europe/Stockholm', 'Europe/Tallinn'],
  ...['Europe/Vaduz', 'Europe/Vienna', 'Europe/Vilnius', 'Europe/Warsaw', 'Europe/Zagreb'],
  ...['Europe/Zurich', 'Atlantic/Azores', 'Atlantic/Canary', 'Atlantic/Madeira'],
  ...['Atlantic/Reykjavik', 'Iceland', 'Africa/Ceuta', 'Asia/Nicosia', 'Asia/Famagusta'],
  ...['Arctic/Longyearbyen', 'Atlantic/Jan_Mayen', 'Eire', 'Poland', 'Portugal'],
]);

function regionOfTimeZone(timeZone: string): PromoRegion | null {
  if (ukTimeZones.has(timeZone)) return 'uk';
  if (europeTimeZones.has(timeZone)) return 'europe';
  if (
    northAmericaTimeZones.has(timeZone) ||
    northAmericaTimeZonePrefixes.some((prefix) => timeZone.startsWith(prefix))
  ) {
    return 'northAmerica';
  }
  return null;
}

function regionOfCountry(country: string): PromoRegion | null {
  for (const [region, countries] of regionCountries) {
    if (countries.has(country)) return region;
  }
  return null;
}

/** The country a locale names explicitly (en-GB → GB); a bare language names none. */
function countryOfLocale(locale: string): string | null {
  try {
    return new Intl.Locale(locale).region ?? null;
  } catch {
    return null;
  }
}
