import { describe, expect, it } from 'vitest';
import { formatEventStart, formatEventWhen, groupByMonth } from './event-time.js';

const timed = {
  startsAt: '2026-12-15T17:30:00.000Z',
  endsAt: '2026-12-15T20:00:00.000Z',
  startsLocal: '2026-12-15T19:30',
  endsLocal: '2026-12-15T22:00',
  timeZone: 'Europe/Athens',
  allDay: false,
};

describe('when an event happens, in words', () => {
  it('reads a timed event in the site time zone, in Greek', () => {
    expect(formatEventStart(timed, 'el')).toBe('15 Δεκεμβρίου 2026, 19:30');
    expect(formatEventWhen(timed, 'el')).toBe('15 Δεκεμβρίου 2026, 19:30–22:00');
  });

  it('gives the end its own date when it falls on another day', () => {
    const overnight = { ...timed, endsAt: '2026-12-15T23:00:00.000Z', endsLocal: '2026-12-16T01:00' };
    expect(formatEventWhen(overnight, 'el')).toBe('15 Δεκεμβρίου 2026, 19:30 – 16 Δεκεμβρίου 2026, 01:00');
  });

  it('shows the dates alone of an all-day event, whatever the zone', () => {
    const allDay = { ...timed, allDay: true, startsLocal: '2026-03-29', endsLocal: '2026-03-30' };
    expect(formatEventWhen(allDay, 'el')).toBe('29 Μαρτίου 2026 – 30 Μαρτίου 2026');
    expect(formatEventWhen({ ...allDay, endsLocal: '2026-03-29' }, 'en')).toBe('March 29, 2026');
  });

  it('groups events by the month they start in', () => {
    const groups = groupByMonth(
      [{ startsLocal: '2026-12-15T19:30' }, { startsLocal: '2026-12-31' }, { startsLocal: '2027-01-02T10:00' }],
      'el',
    );
    expect(groups.map((group) => [group.name, group.events.length])).toEqual([
      ['Δεκέμβριος 2026', 2],
      ['Ιανουάριος 2027', 1],
    ]);
  });
});
