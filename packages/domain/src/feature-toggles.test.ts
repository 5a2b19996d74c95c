import { describe, expect, it } from 'vitest';
import { featureToggleDefaults, resolveFeatureToggles } from './feature-toggles.js';

describe('feature toggles (spec 6)', () => {
  it('has debugViews and designViews off and the rest on by default', () => {
    const off = Object.entries(featureToggleDefaults).filter(([, on]) => !on);
    expect(off.map(([key]) => key).sort()).toEqual(['debugViews', 'designViews']);
    expect(Object.keys(featureToggleDefaults).sort()).toEqual(
      [
        'debugViews',
        'designViews',
        'staffViews',
        'customization',
        'orderHistoryFilters',
        'transactionCsvDownload',
        'enableConsentBanner',
        'topUpInvoices',
        'userSettings',
        'lowBalanceBadges',
      ].sort(),
    );
  });

  it('lays stored values over the defaults', () => {
    expect(resolveFeatureToggles({ debugViews: true, customization: false })).toMatchObject({
      debugViews: true,
      customization: false,
      staffViews: true,
    });
  });

  it.each([null, 'garbage', 42, undefined])('falls back to the defaults for %s', (stored) => {
    expect(resolveFeatureToggles(stored)).toEqual(featureToggleDefaults);
  });

  it('ignores unknown keys and non-boolean values', () => {
    const resolved = resolveFeatureToggles({ removedToggle: true, debugViews: 'yes' });
    expect(resolved).toEqual(featureToggleDefaults);
    expect(resolved).not.toHaveProperty('removedToggle');
  });
});
