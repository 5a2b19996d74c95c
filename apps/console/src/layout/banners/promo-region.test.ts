import { afterEach, describe, expect, it, vi } from 'vitest';
import { promoContent, type PromoRegion } from './promo-content';
import { detectPromoRegion, promoRegionFor } from './promo-region';

describe('promoRegionFor', () => {
  it.each<[string, string[], PromoRegion]>([
    ['America/New_York', ['en-US'], 'northAmerica'],
    ['America/Los_Angeles', ['es-US'], 'northAmerica'],
    ['America/Indiana/Indianapolis', ['en'], 'northAmerica'],
    ['America/Toronto', ['fr-CA'], 'northAmerica'],
    ['Pacific/Honolulu', ['en'], 'northAmerica'],
    ['Europe/London', ['en-GB'], 'uk'],
    ['Europe/Berlin', ['de-DE'], 'europe'],
    ['Europe/Paris', ['fr'], 'europe'],
    ['Europe/Dublin', ['en-IE'], 'europe'],
    ['Europe/Zurich', ['de-CH'], 'europe'],
    ['Atlantic/Canary', ['es'], 'europe'],
    ['Asia/Tokyo', ['ja-JP'], 'default'],
    ['America/Sao_Paulo', ['pt-BR'], 'default'],
    ['Australia/Sydney', ['en-AU'], 'default'],
  ])('%s with %j → %s', (timeZone, locales, region) => {
    expect(promoRegionFor({ timeZone, locales })).toBe(region);
  });

  it('prefers the time zone to the language: en-US in Berlin is Europe', () => {
    expect(promoRegionFor({ timeZone: 'Europe/Berlin', locales: ['en-US'] })).toBe('europe');
    expect(promoRegionFor({ timeZone: 'America/Chicago', locales: ['en-GB'] })).toBe(
      'northAmerica',
    );
  });

  it('falls back to the first locale naming a known country when the time zone says nothing', () => {
    expect(promoRegionFor({ timeZone: 'UTC', locales: ['en-GB'] })).toBe('uk');
    expect(promoRegionFor({ timeZone: 'Etc/UTC', locales: ['en', 'de-AT'] })).toBe('europe');
    expect(promoRegionFor({ timeZone: undefined, locales: ['en-CA'] })).toBe('northAmerica');
    expect(promoRegionFor({ timeZone: 'Asia/Singapore', locales: ['en-SG', 'en-US'] })).toBe(
      'northAmerica',
    );
  });

  it('gives the default for bare languages, unknown countries and invalid tags', () => {
    expect(promoRegionFor({ timeZone: 'UTC', locales: ['en', 'de'] })).toBe('default');
    expect(promoRegionFor({ timeZone: 'UTC', locales: ['ja-JP'] })).toBe('default');
    expect(promoRegionFor({ timeZone: 'UTC', locales: ['not a locale!'] })).toBe('default');
    expect(promoRegionFor({ timeZone: undefined, locales: [] })).toBe('default');
  });
});

describe('detectPromoRegion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the browser time zone and languages', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Asia/Tokyo',
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);

    expect(detectPromoRegion()).toBe('uk');
  });
});

describe('promoContent', () => {
  it('has every field for North America, UK, Europe and Default, in their countries', () => {
    expect(Object.keys(promoContent).sort()).toEqual(['default', 'europe', 'northAmerica', 'uk']);
    for (const content of Object.values(promoContent)) {
      expect(content.heading).not.toBe('');
      expect(content.subheading).not.toBe('');
      expect(content.productCode).toMatch(/^[A-Z0-9-]+$/);
      expect(content.orderButtonLabel).not.toBe('');
    }
    expect(promoContent.northAmerica.country).toBe('US');
    expect(promoContent.uk.country).toBe('GB');
    expect(promoContent.europe.country).toBe('DE');
    expect(promoContent.default.country).toBe('US');
  });
});
