/**
 * The console's feature toggles (spec 6, "Feature toggles"), persisted in the browser and editable
 * by staff at /debug/features. The server never trusts them: they only switch screens on and off.
 */
export const featureToggleDefaults = {
  debugViews: false,
  designViews: false,
  staffViews: true,
  customization: true,
  orderHistoryFilters: true,
  transactionCsvDownload: true,
  enableConsentBanner: true,
  topUpInvoices: true,
  userSettings: true,
  lowBalanceBadges: true,
} as const satisfies Record<string, boolean>;

export type FeatureToggleKey = keyof typeof featureToggleDefaults;
export type FeatureToggles = Record<FeatureToggleKey, boolean>;

/** What each toggle switches, as staff read it on the toggles screen. */
export const featureToggleDescriptions: Record<FeatureToggleKey, string> = {
  debugViews: 'Debug screens and their sidebar entry',
  designViews: 'Design screens: component library and theme',
  staffViews: 'Staff customer management screens',
  customization: 'Customization of the recipient experience',
  orderHistoryFilters: 'Filters on the order history',
  transactionCsvDownload: 'CSV download of transactions',
  enableConsentBanner: 'The privacy consent modal',
  topUpInvoices: 'Invoices for top-ups',
  userSettings: 'The Settings page',
  lowBalanceBadges: 'Low-balance badges',
};

export const featureToggleKeys = Object.keys(featureToggleDefaults) as FeatureToggleKey[];

export function isFeatureToggleKey(value: string): value is FeatureToggleKey {
  return Object.hasOwn(featureToggleDefaults, value);
}

/**
 * Stored toggles over the defaults. Unknown keys (a toggle since removed) are dropped and values
 * that are not booleans are ignored, so a stale or tampered entry cannot break the console.
 */
export function resolveFeatureToggles(stored: unknown): FeatureToggles {
  const toggles: FeatureToggles = { ...featureToggleDefaults };
  if (typeof stored !== 'object' || stored === null) return toggles;
  for (const [key, value] of Object.entries(stored)) {
    if (isFeatureToggleKey(key) && typeof value === 'boolean') toggles[key] = value;
  }
  return toggles;
}
