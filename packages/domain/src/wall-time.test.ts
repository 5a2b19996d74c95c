import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeOf } from './wall-time';

describe('instantOfWallTime', () => {
  it.each([
    ['UTC', '2026-12-24T09:00', 'Etc/UTC', '2026-12-24T09:00:00.000Z'],
    ['London in winter (GMT)', '2026-12-24T09:00', 'Europe/London', '2026-12-24T09:00:00.000Z'],
    ['London in summer (BST)', '2026-07-01T09:00', 'Europe/London', '2026-07-01T08:00:00.000Z'],
    ['New York in winter', '2026-12-24T09:00', 'America/New_York', '2026-12-24T14:00:00.000Z'],
    ['Kolkata (+05:30)', '2026-12-24T09:00', 'Asia/Kolkata', '2026-12-24T03:30:00.000Z'],
    ['Tokyo across midnight', '2027-01-01T00:30', 'Asia/Tokyo', '2026-12-31T15:30:00.000Z'],
    // Spring forward: 01:30 never shows in London on 2027-03-28; read with GMT, it is 02:30 BST.
    ['a skipped time', '2027-03-28T01:30', 'Europe/London', '2027-03-28T01:30:00.000Z'],
    // Fall back: 01:30 shows twice in London on 2026-10-25; the first is BST.
    ['a repeated time', '2026-10-25T01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'],
  ])('%s: %s in %s', (_case, wall, zone, expected) => {
    expect(instantOfWallTime(wall, zone)?.toISOString()).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['a date alone', '2026-12-24'],
    ['seconds', '2026-12-24T09:00:00'],
    ['30 February', '2027-02-30T09:00'],
    ['hour 24', '2026-12-24T24:00'],
    ['minute 60', '2026-12-24T09:60'],
    ['words', 'tomorrow at nine'],
  ])('refuses %s', (_case, wall) => {
    expect(instantOfWallTime(wall, 'Europe/London')).toBeNull();
  });
});

describe('wallTimeOf', () => {
  it.each([
    ['2026-12-24T09:00:00.000Z', 'Etc/UTC', '2026-12-24T09:00'],
    ['2026-07-01T08:00:00.000Z', 'Europe/London', '2026-07-01T09:00'],
    ['2026-12-24T14:00:59.000Z', 'America/New_York', '2026-12-24T09:00'],
    ['2026-12-31T15:30:00.000Z', 'Asia/Tokyo', '2027-01-01T00:30'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(wallTimeOf(new Date(instant), zone)).toBe(expected);
  });

  it('reads back what instantOfWallTime made, every hour of a year in three zones', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Sydney']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 60 * 60_000) {
        const wall = wallTimeOf(new Date(t), zone);
        const back = instantOfWallTime(wall, zone);
        // A repeated wall time (the clocks went back) reads back as its first instant, an hour
        // before the second; every other one as itself.
        const repeated = wallTimeOf(new Date(t - 3_600_000), zone) === wall;
        expect(back?.getTime(), `${zone} ${wall}`).toBe(repeated ? t - 3_600_000 : t);
      }
    }
  });
});
