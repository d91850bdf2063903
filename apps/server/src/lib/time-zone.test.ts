import { describe, expect, it } from 'vitest';
import {
  formatLocalDateTime,
  instantOf,
  nextDay,
  offsetAt,
  parseWallTime,
  previousDay,
  wallTimeAt,
} from './time-zone.js';

const ATHENS = 'Europe/Athens';
const at = (local: string, zone = ATHENS) => instantOf(parseWallTime(local), zone).toISOString();
const local = (iso: string, zone = ATHENS) => formatLocalDateTime(wallTimeAt(new Date(iso), zone));

describe('wall-clock times in a time zone', () => {
  it('reads winter and summer times in Athens with their own offsets', () => {
    expect(at('2026-12-15T19:30')).toBe('2026-12-15T17:30:00.000Z');
    expect(at('2026-07-01T19:30')).toBe('2026-07-01T16:30:00.000Z');
    expect(local('2026-12-15T17:30:00.000Z')).toBe('2026-12-15T19:30');
    expect(local('2026-07-01T16:30:00.000Z')).toBe('2026-07-01T19:30');
    expect(offsetAt(Date.parse('2026-12-15T00:00:00Z'), ATHENS)).toBe(2 * 3600_000);
    expect(offsetAt(Date.parse('2026-07-01T00:00:00Z'), ATHENS)).toBe(3 * 3600_000);
  });

  it('crosses the spring-forward night: the skipped hour moves forward, the hours either side are exact', () => {
    // 29 March 2026: at 03:00 EET clocks go to 04:00 EEST.
    expect(at('2026-03-29T02:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(at('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(local('2026-03-29T01:30:00.000Z')).toBe('2026-03-29T04:30');
    expect(at('2026-03-29T04:00')).toBe('2026-03-29T01:00:00.000Z');
  });

  it('crosses the fall-back night: a time that happens twice is its first occurrence', () => {
    // 25 October 2026: at 04:00 EEST clocks go back to 03:00 EET.
    expect(at('2026-10-25T03:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(local('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T03:30');
    expect(local('2026-10-25T01:30:00.000Z')).toBe('2026-10-25T03:30');
    expect(at('2026-10-25T04:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(at('2026-10-25T02:59')).toBe('2026-10-24T23:59:00.000Z');
  });

  it('round-trips every half hour of a year in zones with and without summer time', () => {
    for (const zone of [ATHENS, 'America/New_York', 'Australia/Lord_Howe']) {
      for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 30 * 60_000) {
        const wall = wallTimeAt(new Date(ms), zone);
        const back = instantOf(wall, zone).getTime();
        // Only the second of two equal wall times (clocks turned back) maps to an earlier instant.
        if (back !== ms) {
          expect(back).toBeLessThan(ms);
          expect(formatLocalDateTime(wallTimeAt(new Date(back), zone))).toBe(formatLocalDateTime(wall));
        }
      }
    }
  });

  it('steps days across month and year ends', () => {
    expect(nextDay({ year: 2026, month: 12, day: 31 })).toMatchObject({ year: 2027, month: 1, day: 1 });
    expect(nextDay({ year: 2028, month: 2, day: 28 })).toMatchObject({ year: 2028, month: 2, day: 29 });
    expect(previousDay({ year: 2027, month: 3, day: 1 })).toMatchObject({ year: 2027, month: 2, day: 28 });
  });
});
