import { describe, expect, it } from 'vitest';
import {
  DATE_UNAVAILABLE,
  TIME_UNAVAILABLE,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMonthYear,
  formatTime,
  parseDateInput,
  timeZoneCity,
  toDate,
  type DateFormatOptions,
  type DateInput,
} from './date-time.js';

// ICU puts narrow and thin no-break spaces into times and ranges ("10:00 AM", "Nov – Dec");
// which ones depends on its version, so the expectations are written with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

const usInNewYork: DateFormatOptions = { locale: 'en-US', timeZone: 'America/New_York' };
const gbInLondon: DateFormatOptions = { locale: 'en-GB', timeZone: 'Europe/London' };
const usInUtc: DateFormatOptions = { locale: 'en-US', timeZone: 'Etc/UTC' };
const deInBerlin: DateFormatOptions = { locale: 'de-DE', timeZone: 'Europe/Berlin' };

const empties: [string, DateInput][] = [
  ['null', null],
  ['undefined', undefined],
  ['an empty text', ''],
  ['blanks', '   '],
  ['an invalid Date', new Date(Number.NaN)],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['a text that is no date', 'yesterday'],
  ['a day that does not exist', '2026-02-30'],
  ['an hour that does not exist', '2026-11-21T24:30:00'],
  ['a month that does not exist', '2026-13-01T10:00:00Z'],
  ['an offset that does not exist', '2026-11-21T10:00:00+25:00'],
  ['a date in another format', '21/11/2026 10:00'],
];

describe('parseDateInput: what counts as a date (spec 9)', () => {
  it.each([
    ['no offset with T is UTC', '2026-11-21T10:00:00', '2026-11-21T10:00:00.000Z'],
    ['no offset with a space is UTC', '2026-11-21 10:00:00', '2026-11-21T10:00:00.000Z'],
    ['no seconds is UTC', '2026-11-21T10:00', '2026-11-21T10:00:00.000Z'],
    ['fractions of a second', '2026-11-21T10:00:00.123456', '2026-11-21T10:00:00.123Z'],
    ['Z is UTC', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00.000Z'],
    ['lower-case z is UTC', '2026-11-21t10:00:00z', '2026-11-21T10:00:00.000Z'],
    ['+hh:mm is as given', '2026-11-21T10:00:00+02:00', '2026-11-21T08:00:00.000Z'],
    ['-hh:mm is as given', '2026-11-21T10:00:00-05:30', '2026-11-21T15:30:00.000Z'],
    ['+hhmm is as given', '2026-11-21T10:00:00+0100', '2026-11-21T09:00:00.000Z'],
    ['+hh is as given', '2026-11-21T10:00:00+01', '2026-11-21T09:00:00.000Z'],
    ['surrounding blanks are ignored', ' 2026-11-21T10:00:00Z ', '2026-11-21T10:00:00.000Z'],
    ['a calendar date is its midnight UTC', '2026-11-21', '2026-11-21T00:00:00.000Z'],
    ['a leap day', '2028-02-29', '2028-02-29T00:00:00.000Z'],
    ['epoch milliseconds', Date.UTC(2026, 10, 21, 10), '2026-11-21T10:00:00.000Z'],
    ['a Date', new Date(Date.UTC(2026, 10, 21, 10)), '2026-11-21T10:00:00.000Z'],
  ] as [string, DateInput, string][])('%s', (_name, value, iso) => {
    expect(toDate(value)?.toISOString()).toBe(iso);
  });

  it.each(empties)('%s is no date', (_name, value) => {
    expect(parseDateInput(value)).toBeNull();
  });

  it('tells a calendar date from an instant', () => {
    expect(parseDateInput('2026-11-21')?.dateOnly).toBe(true);
    expect(parseDateInput('2026-11-21T00:00:00')?.dateOnly).toBe(false);
  });

  it('does not share the Date it was given', () => {
    const date = new Date(Date.UTC(2026, 10, 21));
    const parsed = parseDateInput(date);
    parsed?.date.setUTCFullYear(1999);
    expect(date.getUTCFullYear()).toBe(2026);
  });
});

describe('formatDateTime: medium date with short time (spec 9)', () => {
  it.each([
    [
      'no offset is UTC, shown in New York',
      '2026-11-21T10:00:00',
      usInNewYork,
      'Nov 21, 2026, 5:00 AM',
    ],
    ['a space instead of T', '2026-11-21 10:00:00', usInNewYork, 'Nov 21, 2026, 5:00 AM'],
    ['no offset is UTC, shown in UTC', '2026-11-21T10:00:00', usInUtc, 'Nov 21, 2026, 10:00 AM'],
    ['British English in London', '2026-11-21T10:00:00', gbInLondon, '21 Nov 2026, 10:00'],
    ['summer time in London', '2026-07-21T10:00:00', gbInLondon, '21 Jul 2026, 11:00'],
    ['an offset is taken as given', '2026-07-21T10:00:00+02:00', gbInLondon, '21 Jul 2026, 09:00'],
    ['Z is taken as given', '2026-11-21T23:30:00Z', usInNewYork, 'Nov 21, 2026, 6:30 PM'],
    ['the day changes with the zone', '2026-11-21T02:00:00Z', usInNewYork, 'Nov 20, 2026, 9:00 PM'],
    ['German in Berlin', '2026-11-21T10:00:00Z', deInBerlin, '21.11.2026, 11:00'],
    ['epoch milliseconds', Date.UTC(2026, 10, 21, 10), usInUtc, 'Nov 21, 2026, 10:00 AM'],
    ['a Date', new Date(Date.UTC(2026, 10, 21, 10)), usInUtc, 'Nov 21, 2026, 10:00 AM'],
    [
      'a calendar date is that day at midnight',
      '2026-11-21',
      usInNewYork,
      'Nov 21, 2026, 12:00 AM',
    ],
  ] as [string, DateInput, DateFormatOptions, string][])(
    '%s',
    (_name, value, options, expected) => {
      expect(plain(formatDateTime(value, options))).toBe(expected);
    },
  );

  it.each(empties)('%s gives "Date unavailable"', (_name, value) => {
    expect(formatDateTime(value, usInUtc)).toBe(DATE_UNAVAILABLE);
  });

  it("uses the runtime's local timezone when none is given", () => {
    const instant = new Date(Date.UTC(2026, 10, 21, 10));
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime('2026-11-21T10:00:00', { locale: 'en-US' })).toBe(local.format(instant));
  });

  it("falls back to the runtime's defaults for an unknown locale or zone", () => {
    const instant = new Date(Date.UTC(2026, 10, 21, 10));
    expect(formatDateTime(instant, { locale: 'en-US', timeZone: 'Not/A_Zone' })).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(instant),
    );
    expect(formatDateTime(instant, { locale: 'not a locale!', timeZone: 'Etc/UTC' })).toBe(
      new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Etc/UTC',
      }).format(instant),
    );
  });

  it('accepts a list of locales, first one first', () => {
    expect(
      plain(formatDateTime('2026-11-21T10:00:00', { ...usInUtc, locale: ['en-GB', 'en-US'] })),
    ).toBe('21 Nov 2026, 10:00');
  });
});

describe('formatDate: medium date', () => {
  it.each([
    ['an instant in New York', '2026-11-21T10:00:00', usInNewYork, 'Nov 21, 2026'],
    ['the day before in New York', '2026-11-21T02:00:00', usInNewYork, 'Nov 20, 2026'],
    ['British English', '2026-11-21T10:00:00', gbInLondon, '21 Nov 2026'],
    ['a calendar date stays that day in New York', '2026-11-21', usInNewYork, 'Nov 21, 2026'],
    [
      'a calendar date stays that day in Tokyo',
      '2026-11-21',
      { locale: 'en-US', timeZone: 'Asia/Tokyo' },
      'Nov 21, 2026',
    ],
    ['German', '2026-11-21', deInBerlin, '21.11.2026'],
  ] as [string, DateInput, DateFormatOptions, string][])(
    '%s',
    (_name, value, options, expected) => {
      expect(plain(formatDate(value, options))).toBe(expected);
    },
  );

  it.each(empties)('%s gives "Date unavailable"', (_name, value) => {
    expect(formatDate(value, usInUtc)).toBe('Date unavailable');
  });
});

describe('formatTime: short time', () => {
  it.each([
    ['no offset is UTC, in New York', '2026-11-21T10:00:00', usInNewYork, '5:00 AM'],
    ['in UTC', '2026-11-21 10:00:00', usInUtc, '10:00 AM'],
    ['British English', '2026-11-21T15:45:00Z', gbInLondon, '15:45'],
    ['an offset is taken as given', '2026-11-21T15:45:00+01:00', gbInLondon, '14:45'],
  ] as [string, DateInput, DateFormatOptions, string][])(
    '%s',
    (_name, value, options, expected) => {
      expect(plain(formatTime(value, options))).toBe(expected);
    },
  );

  it.each(empties)('%s gives "Time unavailable"', (_name, value) => {
    expect(formatTime(value, usInUtc)).toBe('Time unavailable');
  });

  it('a calendar date has no time', () => {
    expect(formatTime('2026-11-21', usInUtc)).toBe(TIME_UNAVAILABLE);
  });
});

describe('formatMonthYear and formatDateRange: a range shows month and year (spec 9)', () => {
  it.each([
    ['an instant', '2026-11-21T10:00:00', usInUtc, 'Nov 2026'],
    ['the month before in New York', '2026-11-01T02:00:00Z', usInNewYork, 'Oct 2026'],
    ['a calendar date stays in its month', '2026-11-01', usInNewYork, 'Nov 2026'],
    ['German', '2026-11-21', deInBerlin, 'Nov. 2026'],
  ] as [string, DateInput, DateFormatOptions, string][])(
    'formatMonthYear: %s',
    (_name, value, options, expected) => {
      expect(plain(formatMonthYear(value, options))).toBe(expected);
    },
  );

  it.each(empties)('formatMonthYear: %s gives "Date unavailable"', (_name, value) => {
    expect(formatMonthYear(value, usInUtc)).toBe(DATE_UNAVAILABLE);
  });

  it.each([
    ['one month', '2026-11-03', '2026-11-20', usInUtc, 'Nov 2026'],
    ['two months of a year', '2026-11-03', '2026-12-20', usInUtc, 'Nov – Dec 2026'],
    ['across a new year', '2026-11-03', '2027-01-20', gbInLondon, 'Nov 2026 – Jan 2027'],
    ['ends in either order', '2027-01-20', '2026-11-03', gbInLondon, 'Nov 2026 – Jan 2027'],
    [
      'instants in the user zone',
      '2026-11-01T02:00:00Z',
      '2026-12-01T02:00:00Z',
      usInNewYork,
      'Oct – Nov 2026',
    ],
    [
      'a calendar date beside an instant',
      '2026-11-01',
      '2026-12-01T02:00:00Z',
      usInNewYork,
      'Nov 2026',
    ],
    ['only a start', '2026-11-03', null, usInUtc, 'Nov 2026'],
    ['only an end', undefined, '2026-12-20', usInUtc, 'Dec 2026'],
    ['no ends', null, '', usInUtc, 'Date unavailable'],
  ] as [string, DateInput, DateInput, DateFormatOptions, string][])(
    'formatDateRange: %s',
    (_name, start, end, options, expected) => {
      expect(plain(formatDateRange(start, end, options))).toBe(expected);
    },
  );
});

describe('timeZoneCity: the city part of a zone name (spec 2.6)', () => {
  it.each([
    ['Europe/London', 'London'],
    ['America/New_York', 'New York'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['Etc/UTC', 'UTC'],
    ['UTC', 'UTC'],
  ])('%s → %s', (zone, city) => {
    expect(timeZoneCity(zone)).toBe(city);
  });
});
