import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UTC_TIMEZONE, useAppStore } from '../state/app-store';
import {
  browserLocale,
  createDateFormatters,
  currentDateFormat,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMonthYear,
  formatTime,
  localTimeZone,
  useDateFormat,
  utcDateFormat,
} from './dates';

const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');
const instant = '2026-11-21T10:00:00';
const asLocal = (options: Intl.DateTimeFormatOptions) =>
  plain(new Intl.DateTimeFormat('en-GB', options).format(new Date(Date.UTC(2026, 10, 21, 10))));

describe('console date formatting', () => {
  afterEach(() => {
    useAppStore.getState().reset();
    vi.restoreAllMocks();
  });

  function speak(language: string) {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
  }

  it("writes dates in the browser's language", () => {
    speak('en-GB');
    expect(browserLocale()).toBe('en-GB');
    useAppStore.getState().setTimezoneOverride(UTC_TIMEZONE);
    expect(plain(formatDateTime(instant))).toBe('21 Nov 2026, 10:00');
    speak('en-US');
    expect(plain(formatDateTime(instant))).toBe('Nov 21, 2026, 10:00 AM');
  });

  it('uses UTC when the user chose it', () => {
    speak('en-GB');
    useAppStore.getState().setTimezoneOverride(UTC_TIMEZONE);
    expect(plain(formatDateTime('2026-11-21T23:30:00-05:00'))).toBe('22 Nov 2026, 04:30');
    expect(plain(formatDate('2026-11-21T23:30:00-05:00'))).toBe('22 Nov 2026');
    expect(plain(formatTime('2026-11-21T23:30:00-05:00'))).toBe('04:30');
    expect(plain(formatMonthYear('2026-11-30T23:30:00-05:00'))).toBe('Dec 2026');
    expect(plain(formatDateRange('2026-11-03', '2027-01-20'))).toBe('Nov 2026 – Jan 2027');
    expect(currentDateFormat()).toMatchObject({
      timeZone: 'Etc/UTC',
      usesUtc: true,
      timeZoneName: 'UTC',
    });
  });

  it("uses the browser's own timezone without an override", () => {
    speak('en-GB');
    expect(plain(formatDateTime(instant))).toBe(
      asLocal({ dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(plain(formatTime(instant))).toBe(asLocal({ timeStyle: 'short' }));
    const zone = localTimeZone();
    expect(currentDateFormat()).toMatchObject({ timeZone: zone, usesUtc: false });
    expect(currentDateFormat().timeZoneName).toBe(
      zone.split('/').pop()?.replaceAll('_', ' ') ?? zone,
    );
  });

  it('names the city of a local zone', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/New_York',
    });
    expect(createDateFormatters(null, 'en-US')).toMatchObject({
      timeZone: 'America/New_York',
      timeZoneName: 'New York',
      usesUtc: false,
    });
  });

  it('answers "Date unavailable" and "Time unavailable" for empty input (spec 8)', () => {
    expect(formatDateTime(null)).toBe('Date unavailable');
    expect(formatDate('')).toBe('Date unavailable');
    expect(formatMonthYear(undefined)).toBe('Date unavailable');
    expect(formatDateRange(null, undefined)).toBe('Date unavailable');
    expect(formatTime(undefined)).toBe('Time unavailable');
  });

  it('formats Billing and Finance dates in UTC whatever the choice', () => {
    speak('en-US');
    expect(useAppStore.getState().timezoneOverride).toBeNull();
    const utc = utcDateFormat();
    expect(utc.usesUtc).toBe(true);
    expect(plain(utc.formatDateTime('2026-11-21T23:30:00-05:00'))).toBe('Nov 22, 2026, 4:30 AM');
  });

  it('useDateFormat follows the choice as it changes', () => {
    speak('en-US');
    const { result } = renderHook(() => useDateFormat());
    expect(result.current.usesUtc).toBe(false);
    const before = result.current;

    act(() => useAppStore.getState().setTimezoneOverride(UTC_TIMEZONE));
    expect(result.current.usesUtc).toBe(true);
    expect(result.current.timeZoneName).toBe('UTC');
    expect(plain(result.current.formatDateTime(instant))).toBe('Nov 21, 2026, 10:00 AM');
    expect(result.current).not.toBe(before);

    act(() => useAppStore.getState().setTimezoneOverride(null));
    expect(result.current.usesUtc).toBe(false);
    expect(result.current.timeZone).toBe(localTimeZone());
  });

  it('useDateFormat keeps the same formatters while nothing changes', () => {
    const { result, rerender } = renderHook(() => useDateFormat());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
