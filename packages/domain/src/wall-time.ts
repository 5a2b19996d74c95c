/**
 * Wall-clock times in a timezone, as a `datetime-local` field holds them ("2026-12-24T09:00"),
 * and the instants they name. A person schedules "9 in the morning where I am", and the server
 * needs the instant; the console's timezone is the one chosen in Settings (spec 9).
 */

import { utcDate } from './date-time.js';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

// Making a formatter costs far more than using one; a console uses one or two zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes east of UTC that `timeZone`'s clocks show at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = clockOf(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const shown = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return Math.round((shown - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant `timeZone`'s clocks show `wall` at, or null for text that is not a wall time or a
 * date that does not exist (30 February). Where the clocks skip the time (spring forward), it is
 * read with the offset from before the change, which lands the gap's length later (02:30 → 03:30);
 * where they show it twice (fall back), the first.
 */
export function instantOfWallTime(wall: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = hour > 23 || minute > 59 ? null : utcDate(year, month, day, hour, minute);
  if (!date) return null;
  const asUtc = date.getTime();
  // The offset before and after any change near the wall time: the earlier instant that shows it
  // wins, and a time no clock shows takes the offset from before the change.
  const before = offsetMinutes(asUtc - 86_400_000, timeZone);
  const after = offsetMinutes(asUtc + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => asUtc - offsetMinutes(instant, timeZone) * 60_000 === instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? asUtc - before * 60_000);
}

/** The wall time `timeZone`'s clocks show at `instant`, to the minute, as datetime-local holds it. */
export function wallTimeOf(instant: Date, timeZone: string): string {
  const shown = new Date(instant.getTime() + offsetMinutes(instant.getTime(), timeZone) * 60_000);
  return shown.toISOString().slice(0, 16);
}
