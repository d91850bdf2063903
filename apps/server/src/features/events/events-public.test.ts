import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { createEvent, createSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { readPublicEvent, readUpcomingEvents } from './public-events.queries.js';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-web-'));
let server: TestServer;
let admin: string;
beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'admin'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>public entry</title>');
  fs.writeFileSync(path.join(distDir, 'admin/index.html'), '<!doctype html><title>admin entry</title>');
  server = await startTestServer({ WEB_DIST_DIR: distDir });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const EVENTS = '/api/auth/events';
const nextYear = new Date().getUTCFullYear() + 1;
const TIME_ZONE = 'Europe/Athens';

const makeEvent = (overrides: Record<string, unknown> = {}, publish = true) =>
  createEvent(
    server,
    admin,
    {
      title: 'Προβολή ταινίας',
      startsLocal: `${nextYear}-09-20T21:00`,
      endsLocal: `${nextYear}-09-20T23:30`,
      place: 'Θερινό σινεμά; αυλή, πίσω',
      description: 'Είσοδος ελεύθερη.\nΦέρτε μαξιλάρι, καρέκλα; ό,τι θέλετε.',
      rsvpEnabled: true,
      capacity: 2,
      ...overrides,
    },
    { publish },
  );

const endIn = (id: string, ms: number) =>
  server.deps.db
    .update(events)
    .set({ startsAt: new Date(Date.now() + ms - 3600_000), endsAt: new Date(Date.now() + ms) })
    .where(eq(events.id, id));

describe('public events', () => {
  it('shows a published event to anyone, and neither drafts nor deleted events', async () => {
    const id = await makeEvent();
    const response = await server.get(`/api/events/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: id,
      title: 'Προβολή ταινίας',
      startsLocal: `${nextYear}-09-20T21:00`,
      timeZone: TIME_ZONE,
      goingCount: 0,
      capacity: 2,
      isFull: false,
      isPast: false,
    });
    expect(response.body).not.toHaveProperty('status');
    expect(response.body).not.toHaveProperty('createdAt');
    const draft = await makeEvent({}, false);
    expect((await server.get(`/api/events/${draft}`)).status).toBe(404);
    await server.del(`${EVENTS}/${id}`, admin);
    expect((await server.get(`/api/events/${id}`)).body).toEqual({ error: 'Event not found.' });
  });

  it('lists upcoming events soonest first, 20 a page, and past ones most recent first with `to`', async () => {
    const tag = crypto.randomUUID();
    const ids: string[] = [];
    for (let day = 1; day <= 22; day += 1) {
      const date = `${nextYear}-08-${String(day).padStart(2, '0')}`;
      ids.push(await makeEvent({ title: `${tag} ${day}`, startsLocal: `${date}T10:00`, endsLocal: `${date}T11:00` }));
    }
    const pastA = await makeEvent({ title: `${tag} past A` });
    const pastB = await makeEvent({ title: `${tag} past B` });
    await endIn(pastA, -5 * 86400_000);
    await endIn(pastB, -2 * 86400_000);
    const mine = (body: { data: { _id: string; title: string }[] }) =>
      body.data.filter((event) => event.title.startsWith(tag)).map((event) => event._id);
    const first = await server.get('/api/events');
    expect(first.body.data).toHaveLength(20);
    const everything: string[] = [];
    for (let page = 1; page <= first.body.pages; page += 1) {
      everything.push(...mine((await server.get(`/api/events?page=${page}`)).body));
    }
    expect(everything).toEqual(ids);
    const past = await server.get(`/api/events?to=${encodeURIComponent(new Date().toISOString())}`);
    expect(mine(past.body)).toEqual([pastB, pastA]);
    expect(past.body.data.every((event: { isPast: boolean }) => event.isPast)).toBe(true);
    // Any "now" a reader's clock gives is one answer, kept for all.
    const later = await server.get(
      `/api/events?to=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`,
    );
    expect(later.headers.get('etag')).toBe(past.headers.get('etag'));
    const beforeB = await server.get(
      `/api/events?to=${encodeURIComponent(new Date(Date.now() - 3 * 86400_000).toISOString())}`,
    );
    expect(mine(beforeB.body)).toEqual([pastA]);
    const august = await server.get(`/api/events?from=${nextYear}-08-10&to=${nextYear}-08-12`);
    expect(mine(august.body)).toEqual(ids.slice(9, 11));
    expect((await server.get('/api/events?from=soon')).status).toBe(400);
  });

  it('answers 304 to its ETag, and a new ETag once an answer or the event changes', async () => {
    const id = await makeEvent();
    const first = await server.get(`/api/events/${id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await server.request('GET', `/api/events/${id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const member = await createSignedInUser(server, { roles: ['user'] });
    await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    const counted = await server.request('GET', `/api/events/${id}`, { headers: { 'if-none-match': etag } });
    expect(counted.status).toBe(200);
    expect(counted.body.goingCount).toBe(1);
    const listEtag = (await server.get('/api/events')).headers.get('etag')!;
    expect((await server.request('GET', '/api/events', { headers: { 'if-none-match': listEtag } })).status).toBe(304);
  });

  it('serves one event and the upcoming list from memory until an event or an answer changes', async () => {
    const { db } = server.deps;
    const id = await makeEvent();
    const one = await readPublicEvent(db, id, TIME_ZONE);
    expect(await readPublicEvent(db, id, TIME_ZONE)).toBe(one);
    const list = await readUpcomingEvents(db, TIME_ZONE);
    expect(await readUpcomingEvents(db, TIME_ZONE)).toBe(list);
    const member = await createSignedInUser(server, { roles: ['user'] });
    await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    const fresh = await readPublicEvent(db, id, TIME_ZONE);
    expect(fresh).not.toBe(one);
    expect(fresh!.event.goingCount).toBe(1);
    expect(await readUpcomingEvents(db, TIME_ZONE)).not.toBe(list);
    await server.post(`${EVENTS}/${id}/unpublish`, {}, admin);
    expect(await readPublicEvent(db, id, TIME_ZONE)).toBeNull();
  });

  it('moves an event to the past when it ends, with no change to any table', async () => {
    const id = await makeEvent();
    await endIn(id, 1500);
    const before = await server.get(`/api/events/${id}`);
    expect(before.body.isPast).toBe(false);
    expect((await server.get('/api/events')).body.data.map((event: { _id: string }) => event._id)).toContain(id);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const after = await server.get(`/api/events/${id}`);
    expect(after.body.isPast).toBe(true);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await server.get('/api/events')).body.data.map((event: { _id: string }) => event._id)).not.toContain(id);
  });
});

/** Lines of an iCalendar text, unfolded (RFC 5545 3.1), as [name with parameters, value]. */
function icsLines(text: string): [string, string][] {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

type IcsEvent = Record<string, string>;

function icsEvents(text: string): { calendar: Record<string, string>; events: IcsEvent[] } {
  const lines = icsLines(text);
  expect(lines[0]).toEqual(['BEGIN', 'VCALENDAR']);
  expect(lines.at(-1)).toEqual(['END', 'VCALENDAR']);
  const calendar: Record<string, string> = {};
  const found: IcsEvent[] = [];
  let current: IcsEvent | null = null;
  for (const [name, value] of lines.slice(1, -1)) {
    if (name === 'BEGIN' && value === 'VEVENT') current = {};
    else if (name === 'END' && value === 'VEVENT') {
      found.push(current!);
      current = null;
    } else if (current) current[name] = value;
    else calendar[name] = value;
  }
  return { calendar, events: found };
}

const unescapeText = (value: string) => value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

describe('calendar feeds', () => {
  it('writes valid iCalendar: stable UIDs, UTC times, text escaped, SEQUENCE growing with changes', async () => {
    const id = await makeEvent();
    const response = await server.get(`/events/${id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const {
      calendar,
      events: [event],
    } = icsEvents(response.text);
    expect(calendar.VERSION).toBe('2.0');
    expect(calendar.PRODID).toBeTruthy();
    expect(calendar.METHOD).toBe('PUBLISH');
    expect(event!.UID).toBe(`${id}@community.test`);
    expect(event!.SEQUENCE).toBe('1');
    expect(event!.DTSTART).toBe(`${nextYear}0920T180000Z`);
    expect(event!.DTEND).toBe(`${nextYear}0920T203000Z`);
    expect(event!.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(event!['LAST-MODIFIED']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(unescapeText(event!.SUMMARY!)).toBe('Προβολή ταινίας');
    expect(unescapeText(event!.LOCATION!)).toBe('Θερινό σινεμά; αυλή, πίσω');
    expect(unescapeText(event!.DESCRIPTION!)).toBe('Είσοδος ελεύθερη.\nΦέρτε μαξιλάρι, καρέκλα; ό,τι θέλετε.');
    expect(event!['URL;VALUE=URI']).toBe(`http://community.test/events/${id}`);
    // The same text on every read; a change gives the same UID and a higher SEQUENCE.
    expect((await server.get(`/events/${id}.ics`)).text).toBe(response.text);
    await server.put(
      `${EVENTS}/${id}`,
      {
        title: 'Προβολή ταινίας (αλλαγή ώρας)',
        startsLocal: `${nextYear}-09-20T21:30`,
        endsLocal: `${nextYear}-09-20T23:30`,
      },
      admin,
    );
    const [changed] = icsEvents((await server.get(`/events/${id}.ics`)).text).events;
    expect(changed!.UID).toBe(event!.UID);
    expect(Number(changed!.SEQUENCE)).toBeGreaterThan(Number(event!.SEQUENCE));
    expect(changed!.DTSTART).toBe(`${nextYear}0920T183000Z`);
  });

  it('writes an all-day event as DATE values, the end the day after the last', async () => {
    const id = await makeEvent({ allDay: true, startsLocal: `${nextYear}-10-24`, endsLocal: `${nextYear}-10-25` });
    const [event] = icsEvents((await server.get(`/events/${id}.ics`)).text).events;
    expect(event!['DTSTART;VALUE=DATE']).toBe(`${nextYear}1024`);
    expect(event!['DTEND;VALUE=DATE']).toBe(`${nextYear}1026`);
    expect(event!.DTSTART).toBeUndefined();
  });

  it('the feed holds published events ending after 90 days ago, not drafts or older ones; ETag and 304', async () => {
    const upcoming = await makeEvent();
    const recent = await makeEvent();
    const old = await makeEvent();
    const draft = await makeEvent({}, false);
    await endIn(recent, -30 * 86400_000);
    await endIn(old, -91 * 86400_000);
    const response = await server.get('/events.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const uids = icsEvents(response.text).events.map((event) => event.UID);
    expect(uids).toContain(`${upcoming}@community.test`);
    expect(uids).toContain(`${recent}@community.test`);
    expect(uids).not.toContain(`${old}@community.test`);
    expect(uids).not.toContain(`${draft}@community.test`);
    const etag = response.headers.get('etag')!;
    expect((await server.request('GET', '/events.ics', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await server.get(`/events/${draft}.ics`)).status).toBe(404);
    expect((await server.get(`/events/${crypto.randomUUID()}.ics`)).status).toBe(404);
  });

  it('is answered by the feed, not by the web app that answers every other path', async () => {
    const id = await makeEvent();
    for (const url of ['/events.ics', `/events/${id}.ics`]) {
      const response = await server.get(url);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/calendar/);
      expect(response.text).not.toContain('<!doctype html>');
    }
    const page = await server.get('/events');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toMatch(/^<!doctype html>/);
  });
});
