import {
  UTC_TIME_ZONE,
  formatDate as formatDateWith,
  formatDateRange as formatDateRangeWith,
  formatDateTime as formatDateTimeWith,
  formatMonthYear as formatMonthYearWith,
  formatTime as formatTimeWith,
  timeZoneCity,
  type DateFormatOptions,
  type DateInput,
} from '@boon/domain';
import { useMemo } from 'react';
import { useAppStore, type AppState } from '../state/app-store';

export { DATE_UNAVAILABLE, TIME_UNAVAILABLE, type DateInput } from '@boon/domain';

/**
 * The console's one way to show dates and times (spec 9): the browser's language, and the
 * timezone the user chose in Settings (UTC, or the browser's own when there is no override).
 * Components use `useDateFormat()`, which re-renders when the choice changes; code outside React
 * uses the functions below, which read the choice at the moment they are called.
 */
export interface DateFormatters {
  /** The locale dates are written in (the browser's language). */
  locale: string | undefined;
  /** The IANA zone dates are shown in, e.g. "Europe/London" or "Etc/UTC". */
  timeZone: string;
  /** True when the user chose UTC in Settings. */
  usesUtc: boolean;
  /** "UTC", or the city of the local zone ("London"), as Settings names it. */
  timeZoneName: string;
  formatDateTime(value: DateInput): string;
  formatDate(value: DateInput): string;
  formatTime(value: DateInput): string;
  formatMonthYear(value: DateInput): string;
  formatDateRange(start: DateInput, end: DateInput): string;
}

/** The browser's language, e.g. "en-GB"; undefined where there is no navigator. */
export function browserLocale(): string | undefined {
  const language = globalThis.navigator?.language;
  return language ? language : undefined;
}

/** The browser's own timezone, e.g. "Europe/London". */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Formatters for the given override: UTC, or null for the browser's local timezone. */
export function createDateFormatters(
  timezoneOverride: AppState['timezoneOverride'],
  locale: string | undefined = browserLocale(),
): DateFormatters {
  const usesUtc = timezoneOverride !== null;
  const timeZone = timezoneOverride ?? localTimeZone();
  // The local zone is left to Intl (timeZone undefined) rather than pinned to its name, so the
  // formatters follow the runtime exactly as the domain module documents.
  const options: DateFormatOptions = {
    ...(locale === undefined ? {} : { locale }),
    ...(timezoneOverride === null ? {} : { timeZone: timezoneOverride }),
  };
  return {
    locale,
    timeZone,
    usesUtc,
    timeZoneName: usesUtc ? 'UTC' : timeZoneCity(timeZone),
    formatDateTime: (value) => formatDateTimeWith(value, options),
    formatDate: (value) => formatDateWith(value, options),
    formatTime: (value) => formatTimeWith(value, options),
    formatMonthYear: (value) => formatMonthYearWith(value, options),
    formatDateRange: (start, end) => formatDateRangeWith(start, end, options),
  };
}

/** The formatters for the user's current choice; re-renders the caller when it changes. */
export function useDateFormat(): DateFormatters {
  const timezoneOverride = useAppStore((state) => state.timezoneOverride);
  return useMemo(() => createDateFormatters(timezoneOverride), [timezoneOverride]);
}

/** The formatters for the user's choice at this moment (outside React: exports, messages). */
export function currentDateFormat(): DateFormatters {
  return createDateFormatters(useAppStore.getState().timezoneOverride);
}

/**
 * Formatters that always use UTC, whatever the user chose: Billing and Finance show UTC
 * (Settings' first footnote, spec 2.6).
 */
export function utcDateFormat(): DateFormatters {
  return createDateFormatters(UTC_TIME_ZONE);
}

/** Medium date and short time in the user's locale and chosen timezone. */
export function formatDateTime(value: DateInput): string {
  return currentDateFormat().formatDateTime(value);
}

/** Medium date in the user's locale and chosen timezone; "Date unavailable" when empty. */
export function formatDate(value: DateInput): string {
  return currentDateFormat().formatDate(value);
}

/** Short time in the user's locale and chosen timezone; "Time unavailable" when empty. */
export function formatTime(value: DateInput): string {
  return currentDateFormat().formatTime(value);
}

/** Month and year in the user's locale and chosen timezone. */
export function formatMonthYear(value: DateInput): string {
  return currentDateFormat().formatMonthYear(value);
}

/** A range as months and years in the user's locale and chosen timezone. */
export function formatDateRange(start: DateInput, end: DateInput): string {
  return currentDateFormat().formatDateRange(start, end);
}
