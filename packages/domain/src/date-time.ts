/**
 * Dates and times as the console shows them (spec 9, "Time, dates and currency"): a medium date
 * with a short time in the user's locale and timezone; timestamps without an offset are UTC; a
 * range shows month and year. Spec 8: the helpers answer "Date unavailable" / "Time unavailable"
 * for empty input. Pure: the locale and timezone come in as options.
 */

/** What the helpers accept: a Date, epoch milliseconds or an ISO 8601 text; empty is allowed. */
export type DateInput = Date | string | number | null | undefined;

export interface DateFormatOptions {
  /** A BCP 47 tag or a list of them (e.g. navigator.language); undefined = the runtime's default. */
  locale?: string | readonly string[];
  /** An IANA zone such as 'Etc/UTC'; undefined = the runtime's local timezone. */
  timeZone?: string;
}

/** Spec 8: what a date helper shows for empty or unreadable input. */
export const DATE_UNAVAILABLE = 'Date unavailable';
/** Spec 8: what a time helper shows for empty or unreadable input. */
export const TIME_UNAVAILABLE = 'Time unavailable';

/** The zone the spec's UTC override uses (spec 9). */
export const UTC_TIME_ZONE = 'Etc/UTC';

/**
 * A point in time, or a calendar date: `YYYY-MM-DD` alone names a day, not an instant, and is
 * shown as that day in every timezone (formatting it "in New York" must not make it the day
 * before).
 */
export interface ParsedDate {
  date: Date;
  dateOnly: boolean;
}

// YYYY-MM-DD, optionally followed by T or a space, hh:mm[:ss[.fraction]] and an offset.
const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The UTC instant of a calendar date and time, or null for a day that does not exist. */
export function utcDate(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): Date | null {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, millisecond));
  date.setUTCFullYear(year, month - 1, day);
  // Date.UTC rolls 31 February over into March; a text naming a day that does not exist is bad.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date;
}

function offsetMinutes(offset: string): number | null {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

function parseIsoText(text: string): ParsedDate | null {
  const match = isoPattern.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  if (hour === undefined || minute === undefined) {
    const date = utcDate(Number(year), Number(month), Number(day));
    return date ? { date, dateOnly: true } : null;
  }
  const h = Number(hour);
  const m = Number(minute);
  const s = second === undefined ? 0 : Number(second);
  if (h > 23 || m > 59 || s > 59) return null;
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  const date = utcDate(Number(year), Number(month), Number(day), h, m, s, ms);
  if (!date) return null;
  // Spec 9: a timestamp without an offset is UTC; one with Z or ±hh:mm is taken as given.
  const shift = offset === undefined ? 0 : offsetMinutes(offset);
  if (shift === null) return null;
  return { date: new Date(date.getTime() - shift * 60_000), dateOnly: false };
}

/**
 * Reads a value the helpers accept. Empty input, an invalid Date, a non-finite number and any
 * text that is not ISO 8601 (`YYYY-MM-DD`, optionally with `T` or a space, a time and an offset)
 * give null: guessing at other formats would show wrong dates rather than none.
 */
export function parseDateInput(value: DateInput): ParsedDate | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : { date: new Date(value), dateOnly: false };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  return parseIsoText(value);
}

/** The instant a value names (a calendar date: its midnight UTC), or null. */
export function toDate(value: DateInput): Date | null {
  return parseDateInput(value)?.date ?? null;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl formatter, cached because tables format thousands of cells. An unknown locale or zone
 * falls back to the runtime's default rather than breaking the page.
 */
function formatter(
  { locale, timeZone }: DateFormatOptions,
  style: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const locales = typeof locale === 'string' ? [locale] : locale ? [...locale] : [];
  const key = JSON.stringify([locales, timeZone ?? null, style]);
  let cached = formatterCache.get(key);
  if (!cached) {
    cached = createFormatter(locales, timeZone, style);
    formatterCache.set(key, cached);
  }
  return cached;
}

function createFormatter(
  locales: string[],
  timeZone: string | undefined,
  style: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const attempts: [string[], string | undefined][] = [
    [locales, timeZone],
    [[], timeZone],
    [locales, undefined],
    [[], undefined],
  ];
  let lastError: unknown;
  for (const [candidateLocales, candidateZone] of attempts) {
    try {
      return new Intl.DateTimeFormat(candidateLocales, {
        ...style,
        ...(candidateZone === undefined ? {} : { timeZone: candidateZone }),
      });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

const mediumDateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const mediumDate: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const shortTime: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const monthYear: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };

/** A calendar date has no timezone of its own: it is shown as the same day everywhere. */
function zoneFor(parsed: ParsedDate, options: DateFormatOptions): DateFormatOptions {
  return parsed.dateOnly ? { ...options, timeZone: 'UTC' } : options;
}

/** Medium date and short time, e.g. "Nov 21, 2026, 10:00 AM" (en-US) or "21 Nov 2026, 10:00" (en-GB). */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const parsed = parseDateInput(value);
  if (!parsed) return DATE_UNAVAILABLE;
  return formatter(zoneFor(parsed, options), mediumDateTime).format(parsed.date);
}

/** Medium date, e.g. "Nov 21, 2026"; "Date unavailable" for empty or unreadable input. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const parsed = parseDateInput(value);
  if (!parsed) return DATE_UNAVAILABLE;
  return formatter(zoneFor(parsed, options), mediumDate).format(parsed.date);
}

/**
 * Short time, e.g. "10:00 AM"; "Time unavailable" for empty or unreadable input, and for a
 * calendar date, which has no time.
 */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const parsed = parseDateInput(value);
  if (!parsed || parsed.dateOnly) return TIME_UNAVAILABLE;
  return formatter(options, shortTime).format(parsed.date);
}

/** Month and year, e.g. "Nov 2026"; "Date unavailable" for empty or unreadable input. */
export function formatMonthYear(value: DateInput, options: DateFormatOptions = {}): string {
  const parsed = parseDateInput(value);
  if (!parsed) return DATE_UNAVAILABLE;
  return formatter(zoneFor(parsed, options), monthYear).format(parsed.date);
}

/**
 * A range as months and years (spec 9), e.g. "Nov 2026", "Nov – Dec 2026" or
 * "Nov 2026 – Jan 2027", written the locale's way. The ends may come in either order. With one
 * end missing the other is shown alone; with both missing, "Date unavailable".
 */
export function formatDateRange(
  start: DateInput,
  end: DateInput,
  options: DateFormatOptions = {},
): string {
  const from = parseDateInput(start);
  const to = parseDateInput(end);
  if (!from && !to) return DATE_UNAVAILABLE;
  if (!from || !to) return formatMonthYear(from ? start : end, options);
  // Each end is read as a month in its own zone (an instant in the user's, a calendar date as
  // itself), then both are written by one formatter, so the locale joins them its own way.
  const a = monthOf(from, options);
  const b = monthOf(to, options);
  return formatter({ ...options, timeZone: 'UTC' }, monthYear).formatRange(
    middleOfMonth(Math.min(a, b)),
    middleOfMonth(Math.max(a, b)),
  );
}

function middleOfMonth(month: number): Date {
  const date = new Date(Date.UTC(2000, 0, 15));
  date.setUTCFullYear(Math.floor(month / 12), month % 12);
  return date;
}

/** Year × 12 + month (0-based) of a value as shown in the options' zone. */
function monthOf(parsed: ParsedDate, options: DateFormatOptions): number {
  const parts = formatter(
    { locale: 'en-US', timeZone: zoneFor(parsed, options).timeZone },
    { year: 'numeric', month: 'numeric', calendar: 'gregory', numberingSystem: 'latn' },
  ).formatToParts(parsed.date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return part('year') * 12 + part('month') - 1;
}

/**
 * The city part of an IANA zone name, as people say it: "Europe/London" → "London",
 * "America/Argentina/Buenos_Aires" → "Buenos Aires", "Etc/UTC" and "UTC" → "UTC".
 */
export function timeZoneCity(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  const city = last.replace(/_/g, ' ').trim();
  return city === '' ? timeZone : city;
}
