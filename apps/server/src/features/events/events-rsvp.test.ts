import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, eventRsvps, events } from '../../db/schema.js';
import { createEvent, createSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const EVENTS = '/api/auth/events';
const nextYear = new Date().getUTCFullYear() + 1;
const lastYear = new Date().getUTCFullYear() - 1;

const publishedEvent = (overrides: Record<string, unknown> = {}, publish = true) =>
  createEvent(
    server,
    admin,
    {
      title: 'Συνάντηση',
      startsLocal: `${nextYear}-10-10T18:00`,
      endsLocal: `${nextYear}-10-10T20:00`,
      rsvpEnabled: true,
      capacity: 10,
      ...overrides,
    },
    { publish },
  );

const rsvpsOf = (eventId: string) => server.deps.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, eventId));

describe('RSVP: going and not going', () => {
  it('says going, counts it once however often it is said, and takes it back', async () => {
    const id = await publishedEvent({ capacity: 2 });
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.get(`${EVENTS}/${id}/rsvp`, member.token)).body).toEqual({
      going: false,
      goingCount: 0,
      capacity: 2,
      isFull: false,
    });
    const going = await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    expect(going.status).toBe(200);
    expect(going.body).toEqual({ going: true, goingCount: 1, capacity: 2, isFull: false });
    expect((await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token)).body.goingCount).toBe(1);
    expect(await rsvpsOf(id)).toHaveLength(1);
    expect((await server.get(`${EVENTS}/${id}`, admin)).body.goingCount).toBe(1);
    const back = await server.del(`${EVENTS}/${id}/rsvp`, member.token);
    expect(back.body).toEqual({ going: false, goingCount: 0, capacity: 2, isFull: false });
    expect(await rsvpsOf(id)).toEqual([]);
    const actions = await server.deps.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, id), eq(auditEvents.actorId, member.id)));
    expect(actions.map((row) => row.action).sort()).toEqual(['event.rsvp.going', 'event.rsvp.not-going']);
  });

  it('needs a sign-in, but no permission beyond it', async () => {
    const id = await publishedEvent();
    expect((await server.post(`${EVENTS}/${id}/rsvp`, {})).status).toBe(401);
    expect((await server.get(`${EVENTS}/mine`)).status).toBe(401);
    const roleless = await createSignedInUser(server, { roles: [] });
    expect((await server.post(`${EVENTS}/${id}/rsvp`, {}, roleless.token)).status).toBe(200);
  });

  it('refuses a past event, one without RSVP, a full one (409), a draft and a deleted one (404), each with its sentence, storing nothing', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const other = await createSignedInUser(server, { roles: ['user'] });
    const refused = async (id: string, status: number, error: string) => {
      const before = (await rsvpsOf(id)).length;
      const response = await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
      expect(response.status, response.text).toBe(status);
      expect(response.body).toEqual({ error });
      expect(await rsvpsOf(id)).toHaveLength(before);
    };
    // A draft is no event at all, to an answer taken back as well: nothing of it is told.
    const draft = await publishedEvent({}, false);
    await refused(draft, 404, 'Event not found.');
    const takenBack = await server.del(`${EVENTS}/${draft}/rsvp`, member.token);
    expect(takenBack.status).toBe(404);
    expect(takenBack.body).toEqual({ error: 'Event not found.' });
    await refused(
      await publishedEvent({ startsLocal: `${lastYear}-10-10T18:00`, endsLocal: `${lastYear}-10-10T20:00` }),
      409,
      'This event has already taken place.',
    );
    await refused(await publishedEvent({ rsvpEnabled: false }), 409, 'This event does not take answers.');
    const full = await publishedEvent({ capacity: 1 });
    expect((await server.post(`${EVENTS}/${full}/rsvp`, {}, other.token)).status).toBe(200);
    await refused(full, 409, 'This event is full.');
    expect((await server.get(`${EVENTS}/${full}/rsvp`, member.token)).body).toMatchObject({
      isFull: true,
      going: false,
    });
    const gone = await publishedEvent();
    await server.del(`${EVENTS}/${gone}`, admin);
    expect((await server.post(`${EVENTS}/${gone}/rsvp`, {}, member.token)).body).toEqual({ error: 'Event not found.' });
    expect((await server.del(`${EVENTS}/${gone}/rsvp`, member.token)).status).toBe(404);
    const greek = await server.request('POST', `${EVENTS}/${full}/rsvp`, {
      token: member.token,
      headers: { 'accept-language': 'el' },
    });
    expect(greek.body).toEqual({ error: 'Η εκδήλωση είναι πλήρης.' });
  });

  it('keeps answers through unpublishing and lets a member take theirs back, but not once the event has ended', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const id = await publishedEvent();
    await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    await server.post(`${EVENTS}/${id}/unpublish`, {}, admin);
    expect((await server.get(`${EVENTS}/${id}/rsvp`, member.token)).status).toBe(404);
    expect((await server.del(`${EVENTS}/${id}/rsvp`, member.token)).body.going).toBe(false);
    const ended = await publishedEvent();
    await server.post(`${EVENTS}/${ended}/rsvp`, {}, member.token);
    await server.deps.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 7200_000), endsAt: new Date(Date.now() - 3600_000) })
      .where(eq(events.id, ended));
    const late = await server.del(`${EVENTS}/${ended}/rsvp`, member.token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This event has already taken place.');
    expect(await rsvpsOf(ended)).toHaveLength(1);
  });

  it('refuses to lower the capacity below the members already going', async () => {
    const id = await publishedEvent({ capacity: 5 });
    for (let i = 0; i < 3; i += 1) {
      const member = await createSignedInUser(server, { roles: ['user'] });
      await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    }
    const body = {
      title: 'Συνάντηση',
      startsLocal: `${nextYear}-10-10T18:00`,
      endsLocal: `${nextYear}-10-10T20:00`,
      rsvpEnabled: true,
    };
    const lower = await server.put(`${EVENTS}/${id}`, { ...body, capacity: 2 }, admin);
    expect(lower.status).toBe(409);
    expect(lower.body.error).toBe('Capacity cannot be below the 3 members already going.');
    expect((await server.put(`${EVENTS}/${id}`, { ...body, capacity: 3 }, admin)).body).toMatchObject({
      capacity: 3,
      goingCount: 3,
    });
  });
});

describe('RSVP: capacity under concurrent answers', () => {
  it('lets exactly 10 of 40 members answering at once go to an event of 10 places; the rest hear it is full', async () => {
    const id = await publishedEvent({ capacity: 10 });
    const members = await Promise.all(
      Array.from({ length: 40 }, () => createSignedInUser(server, { roles: ['user'] })),
    );
    const answers = await Promise.all(members.map((member) => server.post(`${EVENTS}/${id}/rsvp`, {}, member.token)));
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    for (const refused of answers.filter((response) => response.status === 409)) {
      expect(refused.body).toEqual({ error: 'This event is full.' });
    }
    const stored = await rsvpsOf(id);
    expect(stored).toHaveLength(10);
    const winners = new Set(members.filter((_, i) => answers[i]!.status === 200).map((member) => member.id));
    expect(new Set(stored.map((row) => row.userId))).toEqual(winners);
    expect((await server.get(`${EVENTS}/${id}`, admin)).body.goingCount).toBe(10);
    // Taking one back and answering again at once: still never above 10.
    const leaving = members.find((member) => winners.has(member.id))!;
    const waiting = members.filter((member) => !winners.has(member.id)).slice(0, 10);
    await Promise.all([
      server.del(`${EVENTS}/${id}/rsvp`, leaving.token),
      ...waiting.map((member) => server.post(`${EVENTS}/${id}/rsvp`, {}, member.token)),
    ]);
    expect((await rsvpsOf(id)).length).toBeLessThanOrEqual(10);
  });
});

describe('RSVP: my events and my data', () => {
  it('lists my published events, upcoming first then past, with when I answered', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const later = await publishedEvent({
      startsLocal: `${nextYear}-11-02T10:00`,
      endsLocal: `${nextYear}-11-02T12:00`,
    });
    const sooner = await publishedEvent({
      startsLocal: `${nextYear}-11-01T10:00`,
      endsLocal: `${nextYear}-11-01T12:00`,
    });
    const past = await publishedEvent({ startsLocal: `${nextYear}-11-03T10:00`, endsLocal: `${nextYear}-11-03T12:00` });
    const drafted = await publishedEvent();
    for (const id of [later, sooner, past, drafted]) await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    await server.deps.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 7200_000), endsAt: new Date(Date.now() - 3600_000) })
      .where(eq(events.id, past));
    await server.post(`${EVENTS}/${drafted}/unpublish`, {}, admin);
    const mine = await server.get(`${EVENTS}/mine`, member.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((event: { _id: string }) => event._id)).toEqual([sooner, later, past]);
    expect(mine.body.data[2]).toMatchObject({ isPast: true, answeredAt: expect.any(String), goingCount: 1 });
    expect(mine.body.data[0]).not.toHaveProperty('status');
  });

  it('puts my answers into "Download my data" and deletes them with my account', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const id = await publishedEvent({ title: 'Καθαρισμός παραλίας' });
    await server.post(`${EVENTS}/${id}/rsvp`, {}, member.token);
    const data = await server.get('/api/auth/my-data', member.token);
    expect(data.body.tables.event_rsvps).toEqual([
      expect.objectContaining({ eventId: id, title: 'Καθαρισμός παραλίας', answeredAt: expect.any(String) }),
    ]);
    expect(data.body.tables).not.toHaveProperty('events');
    const deleted = await server.post('/api/auth/my-account/delete', { password: member.password }, member.token);
    expect(deleted.status).toBe(200);
    expect(await server.deps.db.select().from(eventRsvps).where(eq(eventRsvps.userId, member.id))).toEqual([]);
    expect((await server.get(`${EVENTS}/${id}`, admin)).body.goingCount).toBe(0);
  });
});
