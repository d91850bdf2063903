import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, events, images } from '../../db/schema.js';
import { createSignedInUser } from '../../test/factories.js';
import { parseCsv } from '../../test/parse-csv.js';
import { createRoleWith } from '../../test/resource-helpers.js';
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

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Γιορτή της γειτονιάς',
  startsLocal: `${nextYear}-12-15T19:30`,
  endsLocal: `${nextYear}-12-15T22:00`,
  place: 'Πλατεία Κυψέλης',
  description: 'Μουσική και φαγητό.\nΦέρτε φίλους: https://example.test',
  capacity: 50,
  rsvpEnabled: true,
  ...overrides,
});

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await server.post(EVENTS, eventBody(overrides), admin);
  if (response.status !== 201) throw new Error(`event creation failed: ${response.status} ${response.text}`);
  return response.body as Record<string, any> & { _id: string };
};

const auditOf = (id: string) =>
  server.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'event'), eq(auditEvents.targetId, id)));

describe('events: create, read, change', () => {
  it('creates a draft from wall-clock times in Athens and answers both the instants and the times as entered', async () => {
    const created = await create();
    expect(created).toMatchObject({
      title: 'Γιορτή της γειτονιάς',
      startsAt: `${nextYear}-12-15T17:30:00.000Z`,
      endsAt: `${nextYear}-12-15T20:00:00.000Z`,
      startsLocal: `${nextYear}-12-15T19:30`,
      endsLocal: `${nextYear}-12-15T22:00`,
      timeZone: 'Europe/Athens',
      allDay: false,
      status: 'draft',
      publishedAt: null,
      imageUrl: null,
      capacity: 50,
      rsvpEnabled: true,
      goingCount: 0,
      description: 'Μουσική και φαγητό.\nΦέρτε φίλους: https://example.test',
    });
    expect((await server.get(`${EVENTS}/${created._id}`, admin)).body).toEqual(created);
    expect((await auditOf(created._id)).map((entry) => entry.action)).toEqual(['event.create']);
  });

  it('keeps summer time: a July evening is three hours ahead of UTC', async () => {
    const created = await create({ startsLocal: `${nextYear}-07-01T19:30`, endsLocal: `${nextYear}-07-02T01:00` });
    expect(created.startsAt).toBe(`${nextYear}-07-01T16:30:00.000Z`);
    expect(created.endsAt).toBe(`${nextYear}-07-01T22:00:00.000Z`);
  });

  it('stores an all-day event as whole days of the site, its end the last day', async () => {
    const created = await create({
      allDay: true,
      startsLocal: `${nextYear}-03-28`,
      endsLocal: `${nextYear}-03-29T10:00`,
    });
    expect(created).toMatchObject({
      allDay: true,
      startsLocal: `${nextYear}-03-28`,
      endsLocal: `${nextYear}-03-29`,
      startsAt: `${nextYear}-03-27T22:00:00.000Z`,
    });
    // One day on: midnight after the last day, whichever offset that night has.
    expect(new Date(created.endsAt).getTime()).toBeGreaterThan(new Date(`${nextYear}-03-29T20:00:00Z`).getTime());
    const oneDay = await create({ allDay: true, startsLocal: `${nextYear}-05-01`, endsLocal: `${nextYear}-05-01` });
    expect(oneDay).toMatchObject({ startsLocal: `${nextYear}-05-01`, endsLocal: `${nextYear}-05-01` });
    expect(oneDay.endsAt).toBe(`${nextYear}-05-01T21:00:00.000Z`);
  });

  it('replaces every field with PUT, records what changed, and counts a revision', async () => {
    const created = await create();
    const changed = await server.put(
      `${EVENTS}/${created._id}`,
      eventBody({ title: 'Νέος τίτλος', place: '', description: null, capacity: null }),
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Νέος τίτλος', place: null, description: null, capacity: null });
    const [row] = await server.deps.db.select().from(events).where(eq(events.id, created._id));
    expect(row!.revision).toBe(1);
    const update = (await auditOf(created._id)).find((entry) => entry.action === 'event.update')!;
    expect(update.changes).toMatchObject({ title: ['Γιορτή της γειτονιάς', 'Νέος τίτλος'], capacity: [50, null] });
    expect(update.changes).not.toHaveProperty('startsAt');
  });

  it('stores markup as text and answers it as text', async () => {
    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await create({ title: markup, place: markup, description: `${markup}\n"quoted" & more` });
    const read = await server.get(`${EVENTS}/${created._id}`, admin);
    expect(read.headers.get('content-type')).toMatch(/^application\/json/);
    expect(read.body.title).toBe(markup);
    expect(read.body.place).toBe(markup);
    expect(read.body.description).toBe(`${markup}\n"quoted" & more`);
  });
});

describe('events: bad input is refused with a sentence, and nothing is stored', () => {
  const refused = async (overrides: Record<string, unknown>, field: string, error: string | RegExp) => {
    const before = (await server.deps.db.select({ id: events.id }).from(events)).length;
    const response = await server.post(EVENTS, eventBody(overrides), admin);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toMatch(error);
    expect(response.body.error).toContain(field);
    expect((await server.deps.db.select({ id: events.id }).from(events)).length).toBe(before);
    return response;
  };

  it('an end before or at the start', async () => {
    await refused({ endsLocal: `${nextYear}-12-15T19:00` }, 'End', 'End must be after start');
    await refused({ endsLocal: `${nextYear}-12-15T19:30` }, 'End', 'End must be after start');
    await refused(
      { allDay: true, startsLocal: `${nextYear}-12-15`, endsLocal: `${nextYear}-12-14` },
      'End',
      'End must be after start',
    );
  });

  it('dates far outside reason, impossible dates and an event longer than 31 days', async () => {
    await refused({ startsLocal: '1999-12-31T10:00' }, 'Start', /Start must fall in the years 2000 to \d{4}/);
    await refused({ endsLocal: '9999-01-01T10:00' }, 'End', /End must fall in the years 2000 to \d{4}/);
    await refused({ startsLocal: `${nextYear}-02-30T10:00` }, 'Start', 'Start must be a date and time');
    await refused({ startsLocal: 'tomorrow' }, 'Start', 'Start must be a date and time');
    await refused({ startsLocal: `${nextYear}-12-15` }, 'Start', 'Start needs a time');
    await refused(
      { startsLocal: `${nextYear}-01-01T10:00`, endsLocal: `${nextYear}-02-01T10:01` },
      'event',
      'An event can last at most 31 days',
    );
  });

  it('a title of 10,000 characters, a capacity that is not a positive whole number, a missing title', async () => {
    await refused({ title: 'x'.repeat(10_000) }, 'Title', 'Title must be at most 200 characters');
    await refused({ place: 'x'.repeat(301) }, 'Place', 'Place must be at most 300 characters');
    await refused({ description: 'x'.repeat(10_001) }, 'Description', 'at most 10000 characters');
    await refused({ capacity: 0 }, 'Capacity', 'Capacity must be a whole number from 1 to 100000');
    await refused({ capacity: 2.5 }, 'Capacity', 'Capacity must be a whole number');
    await refused({ title: '   ' }, 'Title', 'Title is required');
    // Nothing to see is no title; digits alone are a number, not what Number() reads.
    await refused({ title: '\u200b\u200b' }, 'Title', 'Title is required');
    for (const capacity of ['1e2', '0x10', 'abc'])
      await refused({ capacity }, 'Capacity', 'Capacity must be a whole number from 1 to 100000');
    expect((await create({ capacity: '12' })).capacity).toBe(12);
    await refused({ title: 'a\u0000b' }, 'NUL', /NUL/);
  });

  it('answers in Greek to a Greek reader', async () => {
    const response = await server.request('POST', EVENTS, {
      token: admin,
      body: eventBody({ endsLocal: `${nextYear}-12-15T19:00` }),
      headers: { 'accept-language': 'el' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain('Η λήξη πρέπει να είναι μετά την έναρξη');
  });

  it('a PUT that fails changes nothing', async () => {
    const created = await create();
    const response = await server.put(`${EVENTS}/${created._id}`, eventBody({ title: 'x'.repeat(201) }), admin);
    expect(response.status).toBe(400);
    expect((await server.get(`${EVENTS}/${created._id}`, admin)).body).toEqual(created);
  });
});

describe('events: publish, duplicate, delete', () => {
  it('publishes and unpublishes, each once, each in the audit log', async () => {
    const created = await create();
    const published = await server.post(`${EVENTS}/${created._id}/publish`, {}, admin);
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(published.body.publishedAt).not.toBeNull();
    expect((await server.post(`${EVENTS}/${created._id}/publish`, {}, admin)).body.publishedAt).toBe(
      published.body.publishedAt,
    );
    const draft = await server.post(`${EVENTS}/${created._id}/unpublish`, {}, admin);
    expect(draft.body).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await auditOf(created._id)).map((entry) => entry.action).sort()).toEqual(
      ['event.create', 'event.publish', 'event.unpublish'].sort(),
    );
  });

  it('duplicates as a draft with the same fields and its own copy of the image', async () => {
    const created = await create();
    await server.post(`${EVENTS}/${created._id}/publish`, {}, admin);
    const form = new FormData();
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'poster.png');
    await server.request('POST', `${EVENTS}/${created._id}/image`, { token: admin, rawBody: form });
    const copy = await server.post(`${EVENTS}/${created._id}/duplicate`, {}, admin);
    expect(copy.status).toBe(201);
    const original = (await server.get(`${EVENTS}/${created._id}`, admin)).body;
    expect(copy.body).toMatchObject({
      title: original.title,
      startsAt: original.startsAt,
      endsAt: original.endsAt,
      place: original.place,
      description: original.description,
      capacity: original.capacity,
      rsvpEnabled: original.rsvpEnabled,
      status: 'draft',
      goingCount: 0,
    });
    expect(copy.body._id).not.toBe(created._id);
    expect(copy.body.imageUrl).toMatch(/^\/api\/upload\/images\//);
    expect(copy.body.imageUrl).not.toBe(original.imageUrl);
    expect((await auditOf(copy.body._id)).map((entry) => entry.action)).toEqual(['event.duplicate']);
    expect((await auditOf(created._id)).map((entry) => entry.action)).toContain('event.image.set');
    // Deleting the original leaves the copy's image.
    expect((await server.del(`${EVENTS}/${created._id}`, admin)).status).toBe(200);
    expect((await server.get(copy.body.imageUrl)).status).toBe(200);
  });

  it('deletes an event with its image; then it is gone for everyone', async () => {
    const created = await create();
    const form = new FormData();
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'poster.png');
    const withImage = await server.request('POST', `${EVENTS}/${created._id}/image`, { token: admin, rawBody: form });
    const imageId = (withImage.body.imageUrl as string).split('/').pop()!;
    const deleted = await server.del(`${EVENTS}/${created._id}`, admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ _id: created._id });
    expect((await server.get(`${EVENTS}/${created._id}`, admin)).status).toBe(404);
    expect((await server.del(`${EVENTS}/${created._id}`, admin)).status).toBe(404);
    expect(await server.deps.db.select().from(images).where(eq(images.id, imageId))).toEqual([]);
    expect((await auditOf(created._id)).map((entry) => entry.action)).toContain('event.delete');
  });

  it('answers 404 for an unknown event and 400 for an id that is not one', async () => {
    const unknown = crypto.randomUUID();
    expect((await server.get(`${EVENTS}/${unknown}`, admin)).body.error).toBe('Event not found.');
    expect((await server.put(`${EVENTS}/${unknown}`, eventBody(), admin)).status).toBe(404);
    expect((await server.post(`${EVENTS}/${unknown}/publish`, {}, admin)).status).toBe(404);
    expect((await server.post(`${EVENTS}/${unknown}/duplicate`, {}, admin)).status).toBe(404);
    expect((await server.get(`${EVENTS}/${unknown}/attendees`, admin)).status).toBe(404);
    expect((await server.get(`${EVENTS}/not-an-id`, admin)).status).toBe(400);
  });
});

async function png(width = 40, height = 30) {
  return sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
}

describe('events: the image', () => {
  const upload = (id: string, bytes: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), 'poster');
    return server.request('POST', `${EVENTS}/${id}/image`, { token: admin, rawBody: form });
  };

  it('takes an image by the rules of profile images, replaces the earlier one, and removes it', async () => {
    const created = await create();
    const first = await upload(created._id, await png());
    expect(first.status, first.text).toBe(200);
    expect(first.body.imageUrl).toMatch(/^\/api\/upload\/images\/[0-9a-f-]{36}$/);
    const served = await server.get(first.body.imageUrl);
    expect(served.status).toBe(200);
    const second = await upload(created._id, await png(60, 60));
    expect(second.body.imageUrl).not.toBe(first.body.imageUrl);
    expect((await server.get(first.body.imageUrl)).status).toBe(404);
    const removed = await server.del(`${EVENTS}/${created._id}/image`, admin);
    expect(removed.body.imageUrl).toBeNull();
    expect((await server.get(second.body.imageUrl)).status).toBe(404);
    expect((await auditOf(created._id)).map((entry) => entry.action).sort()).toEqual(
      ['event.create', 'event.image.remove', 'event.image.set', 'event.image.set'].sort(),
    );
  });

  it('refuses what is not an image, SVG, and files over 1 MB; the event keeps its image', async () => {
    const created = await create();
    const kept = await upload(created._id, await png());
    const text = await upload(created._id, Buffer.from('not an image'), 'image/png');
    expect(text.status).toBe(415);
    const svg = await upload(created._id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(svg.status).toBe(415);
    const big = await upload(created._id, Buffer.alloc(1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect((await server.get(`${EVENTS}/${created._id}`, admin)).body.imageUrl).toBe(kept.body.imageUrl);
  });

  it("survives the uploader's own profile image changes (the image belongs to no person)", async () => {
    const created = await create();
    const set = await upload(created._id, await png());
    const form = new FormData();
    form.append('type', 'image');
    form.append('file', new Blob([await png()], { type: 'image/png' }), 'me.png');
    expect((await server.request('POST', '/api/upload/profile-image', { token: admin, rawBody: form })).status).toBe(
      201,
    );
    expect((await server.get(set.body.imageUrl)).status).toBe(200);
  });
});

describe('events: the admin list', () => {
  it('lists upcoming events first (soonest first), then past ones (most recent first), and filters', async () => {
    const tag = `L${crypto.randomUUID().slice(0, 8)}`;
    const later = await create({
      title: `${tag} later`,
      startsLocal: `${nextYear}-06-02T10:00`,
      endsLocal: `${nextYear}-06-02T12:00`,
    });
    const sooner = await create({
      title: `${tag} sooner`,
      startsLocal: `${nextYear}-06-01T10:00`,
      endsLocal: `${nextYear}-06-01T12:00`,
    });
    const recent = await create({
      title: `${tag} recent`,
      startsLocal: `${lastYear}-06-02T10:00`,
      endsLocal: `${lastYear}-06-02T12:00`,
    });
    const older = await create({
      title: `${tag} older`,
      startsLocal: `${lastYear}-06-01T10:00`,
      endsLocal: `${lastYear}-06-01T12:00`,
    });
    await server.post(`${EVENTS}/${sooner._id}/publish`, {}, admin);
    await server.post(`${EVENTS}/${recent._id}/publish`, {}, admin);
    const listed = async (query: string) =>
      ((await server.get(`${EVENTS}?limit=1000&q=${tag}&${query}`, admin)).body.data as { _id: string }[]).map(
        (row) => row._id,
      );
    expect(await listed('')).toEqual([sooner._id, later._id, recent._id, older._id]);
    expect(await listed('when=upcoming')).toEqual([sooner._id, later._id]);
    expect(await listed('when=past')).toEqual([recent._id, older._id]);
    expect(await listed('status=draft')).toEqual([later._id, older._id]);
    expect(await listed('status=published&when=past')).toEqual([recent._id]);
    expect(await listed('sort=startsAt')).toEqual([older._id, recent._id, sooner._id, later._id]);
    expect(await listed('sort=-startsAt')).toEqual([later._id, sooner._id, recent._id, older._id]);
    expect(await listed('sort=title')).toEqual([later._id, older._id, recent._id, sooner._id]);
    expect(await listed('sort=-createdAt')).toEqual([older._id, recent._id, sooner._id, later._id]);
    // Pages follow the same order.
    const page2 = await server.get(`${EVENTS}?limit=3&page=2&q=${tag}`, admin);
    expect(page2.body).toMatchObject({ total: 4, page: 2, pages: 2, startIndex: 4, endIndex: 4 });
    expect(page2.body.data[0]._id).toBe(older._id);
  });

  it('sorts titles as people read them, whatever their case and accents', async () => {
    const tag = `T${crypto.randomUUID().slice(0, 8)}`;
    const inOrder = ['yoga', 'Zumba', 'Αγώνας', 'Άνοιξη', 'ωδείο'];
    const made = new Map<string, string>();
    for (const word of [...inOrder].reverse()) made.set((await create({ title: `${tag} ${word}` }))._id, word);
    const titles = async (sort: string) =>
      ((await server.get(`${EVENTS}?q=${tag}&sort=${sort}`, admin)).body.data as { _id: string }[]).map((row) =>
        made.get(row._id),
      );
    expect(await titles('title')).toEqual(inOrder);
    expect(await titles('-title')).toEqual([...inOrder].reverse());
  });

  it('turns unfiltered pages in the same order from either end, its total the kept row count', async () => {
    for (let i = 0; i < 3; i += 1) await create({ title: `Page ${i}` });
    const n = (await server.deps.db.select({ id: events.id }).from(events)).length;
    for (const sort of ['', '&sort=-title', '&sort=startsAt']) {
      const whole = await server.get(`${EVENTS}?limit=1000${sort}`, admin);
      expect(whole.body.total).toBe(n);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(n / 2); page += 1) {
        paged.push(
          ...(await server.get(`${EVENTS}?limit=2&page=${page}${sort}`, admin)).body.data.map(
            (row: { _id: string }) => row._id,
          ),
        );
      }
      expect(paged).toEqual(whole.body.data.map((row: { _id: string }) => row._id));
    }
  });

  it('searches title and place literally, and refuses an unknown sort or filter naming what is allowed', async () => {
    const tag = `S${crypto.randomUUID().slice(0, 8)}`;
    const byPlace = await create({ title: 'Anything', place: `Hall ${tag} 100%` });
    expect((await server.get(`${EVENTS}?q=${tag}`, admin)).body.data.map((row: { _id: string }) => row._id)).toEqual([
      byPlace._id,
    ]);
    expect((await server.get(`${EVENTS}?q=${encodeURIComponent(`${tag} 100%`)}`, admin)).body.total).toBe(1);
    expect((await server.get(`${EVENTS}?q=${encodeURIComponent(`${tag} 1_0`)}`, admin)).body.total).toBe(0);
    // Greek typed without accents or in capitals finds the title and the place as written.
    const greek = await create({ title: `Γιορτή στο Πάρκο ${tag}`, place: `Πλατεία Αγίας Σοφίας ${tag}` });
    const found = async (q: string) =>
      (await server.get(`${EVENTS}?q=${encodeURIComponent(q)}`, admin)).body.data.map(
        (row: { _id: string }) => row._id,
      );
    expect(await found(`γιορτη στο παρκο ${tag}`)).toEqual([greek._id]);
    expect(await found(`ΠΛΑΤΕΊΑ ΑΓΊΑΣ ΣΟΦΊΑΣ ${tag}`)).toEqual([greek._id]);
    const badSort = await server.get(`${EVENTS}?sort=place`, admin);
    expect(badSort.status).toBe(400);
    expect(badSort.body.error).toContain('startsAt, -startsAt, title, -title, createdAt, -createdAt');
    expect((await server.get(`${EVENTS}?when=soon`, admin)).body.error).toContain('When must be one of upcoming, past');
    expect((await server.get(`${EVENTS}?status=live`, admin)).body.error).toContain('draft, published');
  });
});

describe('events: who may', () => {
  it('refuses anyone signed out (401) and a member without the permission (403), and lets a role with it in', async () => {
    expect((await server.get(EVENTS)).status).toBe(401);
    expect((await server.post(EVENTS, eventBody())).status).toBe(401);
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.get(EVENTS, member.token)).status).toBe(403);
    expect((await server.post(EVENTS, eventBody(), member.token)).status).toBe(403);
    const roleId = await createRoleWith(
      server,
      `Event editors ${crypto.randomUUID().slice(0, 6)}`,
      `GET ${EVENTS}`,
      `POST ${EVENTS}`,
    );
    const editor = await createSignedInUser(server, { roleIds: [roleId] });
    expect((await server.get(EVENTS, editor.token)).status).toBe(200);
    expect((await server.post(EVENTS, eventBody(), editor.token)).status).toBe(201);
    expect((await server.del(`${EVENTS}/${crypto.randomUUID()}`, editor.token)).status).toBe(403);
  });
});

describe('events: attendees', () => {
  it('lists the members going, first to answer first, searchable; the CSV has them, formula-safe', async () => {
    const created = await create({ capacity: null });
    await server.post(`${EVENTS}/${created._id}/publish`, {}, admin);
    const first = await createSignedInUser(server, { roles: ['user'], name: '=HYPERLINK("http://x")' });
    const second = await createSignedInUser(server, { roles: ['user'], name: 'Ελένη, "η γειτόνισσα"' });
    expect((await server.post(`${EVENTS}/${created._id}/rsvp`, {}, first.token)).status).toBe(200);
    expect((await server.post(`${EVENTS}/${created._id}/rsvp`, {}, second.token)).status).toBe(200);
    const list = await server.get(`${EVENTS}/${created._id}/attendees`, admin);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((row: { _id: string }) => row._id)).toEqual([first.id, second.id]);
    expect(list.body.data[0]).toEqual({
      _id: first.id,
      name: first.name,
      email: first.email,
      answeredAt: expect.any(String),
    });
    const byName = await server.get(`${EVENTS}/${created._id}/attendees?sort=-name&q=example.test`, admin);
    expect(byName.body.data.map((row: { _id: string }) => row._id)).toEqual([second.id, first.id]);
    const found = await server.get(`${EVENTS}/${created._id}/attendees?q=${encodeURIComponent('Ελένη')}`, admin);
    expect(found.body.data.map((row: { _id: string }) => row._id)).toEqual([second.id]);
    const csv = await server.get(`${EVENTS}/${created._id}/attendees.csv`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    // Named after the event in full (UTF-8), and without it for clients that read only ASCII.
    const disposition = csv.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="attendees-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
    const named = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!);
    expect(named).toMatch(new RegExp(`^attendees-${created.title.replace(/\s+/g, '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['id', 'name', 'email', 'answered']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      [first.id, `'=HYPERLINK("http://x")`, first.email],
      [second.id, 'Ελένη, "η γειτόνισσα"', second.email],
    ]);
    // A title cut for the file name is cut between characters, never inside an emoji.
    const emoji = await create({ title: `${'a'.repeat(59)}🎉 party` });
    const emojiCsv = await server.get(`${EVENTS}/${emoji._id}/attendees.csv`, admin);
    expect(emojiCsv.status).toBe(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(emojiCsv.headers.get('content-disposition')!)![1]!),
    ).toMatch(new RegExp(`^attendees-${'a'.repeat(59)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.get(`${EVENTS}/${created._id}/attendees`, member.token)).status).toBe(403);
    expect((await server.get(`${EVENTS}/${created._id}/attendees.csv`, member.token)).status).toBe(403);
  });
});
