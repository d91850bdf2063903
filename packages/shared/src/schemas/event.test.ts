import { describe, expect, it } from 'vitest';
import { eventBodySchema, eventListQuerySchema, parseLocalDateTime, publicEventListQuerySchema } from './event.js';

const year = new Date().getUTCFullYear() + 1;
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Event',
  startsLocal: `${year}-12-15T19:30`,
  endsLocal: `${year}-12-15T22:00`,
  ...overrides,
});
const errors = (input: unknown) => {
  const result = eventBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('eventBodySchema', () => {
  it('normalises times to minutes, all-day times to dates, blanks to null', () => {
    expect(eventBodySchema.parse(body({ startsLocal: `${year}-12-15T19:30:45`, place: '  ', capacity: '' }))).toEqual({
      title: 'Event',
      startsLocal: `${year}-12-15T19:30`,
      endsLocal: `${year}-12-15T22:00`,
      allDay: false,
      place: null,
      description: null,
      capacity: null,
      rsvpEnabled: false,
    });
    expect(
      eventBodySchema.parse(body({ allDay: true, startsLocal: `${year}-12-15T10:00`, endsLocal: `${year}-12-15` })),
    ).toMatchObject({ startsLocal: `${year}-12-15`, endsLocal: `${year}-12-15` });
    expect(eventBodySchema.parse(body({ capacity: '12', rsvpEnabled: true }))).toMatchObject({
      capacity: 12,
      rsvpEnabled: true,
    });
  });

  it('refuses with sentences naming the field', () => {
    expect(errors(body({ endsLocal: `${year}-12-15T19:30` }))).toEqual([['endsLocal', 'End must be after start']]);
    expect(errors(body({ startsLocal: `${year}-12-15` }))).toEqual([
      ['startsLocal', 'Start needs a time, or mark the event as all day'],
    ]);
    expect(errors(body({ startsLocal: '1999-01-01T10:00' }))[0]).toEqual([
      'startsLocal',
      `Start must fall in the years 2000 to ${year + 9}`,
    ]);
    expect(errors(body({ endsLocal: `${year}-13-01T10:00` }))).toEqual([
      ['endsLocal', 'End must be a date and time such as 2026-12-15T19:30'],
    ]);
    expect(errors(body({ startsLocal: undefined }))).toEqual([['startsLocal', 'Start is required']]);
    expect(errors(body({ capacity: -1 }))).toEqual([['capacity', 'Capacity must be a whole number from 1 to 100000']]);
    expect(errors(body({ capacity: 'abc' }))).toEqual([
      ['capacity', 'Capacity must be a whole number from 1 to 100000'],
    ]);
    expect(errors(body({ allDay: 'yes' }))).toEqual([['allDay', 'All day must be true or false']]);
    expect(errors(body({ endsLocal: `${year + 1}-01-16T19:31`, startsLocal: `${year}-12-15T19:30` }))).toEqual([
      ['endsLocal', 'An event can last at most 31 days'],
    ]);
  });

  it('knows real calendar days', () => {
    expect(parseLocalDateTime('2028-02-29')).toMatchObject({ day: 29, hasTime: false });
    expect(parseLocalDateTime('2027-02-29')).toBeNull();
    expect(parseLocalDateTime('2027-01-01T24:00')).toBeNull();
  });
});

describe('event list queries', () => {
  it('has no sort by default (upcoming first), and names the allowed ones', () => {
    expect(eventListQuerySchema.parse({}).sort).toBeUndefined();
    expect(eventListQuerySchema.parse({ sort: '-title' }).sort).toEqual({ field: 'title', isDescending: true });
    expect(eventListQuerySchema.safeParse({ sort: 'place' }).error?.issues[0]?.message).toBe(
      'Sort must be one of startsAt, -startsAt, title, -title, createdAt, -createdAt',
    );
    expect(publicEventListQuerySchema.parse({ to: '2026-01-31' }).to).toEqual(new Date('2026-01-31T00:00:00Z'));
  });
});
