import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, invites, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createSignedInUser, createUser, uniqueEmail } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const dashboard = async (token: string) => {
  const response = await server.get('/api/auth/dashboard', token);
  expect(response.status).toBe(200);
  return response.body.cards as { key: string; [field: string]: unknown }[];
};
const card = (cards: { key: string }[], key: string) => cards.find((one) => one.key === key) as Record<string, any>;

/** The Monday (YYYY-MM-DD) of the week `date` falls in, in Athens or in `timeZone`. */
function mondayOf(date: Date, timeZone = 'Europe/Athens'): string {
  const local = new Date(date.toLocaleString('en-US', { timeZone }));
  local.setDate(local.getDate() - ((local.getDay() + 6) % 7));
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

describe('GET /api/auth/dashboard', () => {
  it('shows an administrator every card: waiting registrations, new messages, members by week, recent activity', async () => {
    const waiting = await createUser(server, { confirmed: false, name: 'Περιμένει' });
    await server.deps.db.insert(invites).values({
      id: newId(),
      token: newId(),
      hours: 48,
      expiresAt: new Date(Date.now() + 3600_000),
      status: 'submitted',
      userId: waiting.id,
    });
    await server.deps.db
      .insert(contactMessages)
      .values({ id: newId(), name: 'Γράφει', email: uniqueEmail('w'), message: 'x'.repeat(300) });
    const threeWeeksAgo = new Date(Date.now() - 21 * 24 * 3600_000);
    await server.deps.db
      .insert(users)
      .values({ id: newId(), name: 'Old', email: uniqueEmail('old'), createdAt: threeWeeksAgo });
    await server.deps.db
      .insert(users)
      .values({ id: newId(), name: 'Blocked', email: uniqueEmail('blocked'), blocked: true, createdAt: threeWeeksAgo });

    const cards = await dashboard(admin);
    expect(cards.map((one) => one.key)).toEqual(['registrations', 'messages', 'members', 'activity']);
    expect(card(cards, 'registrations')).toMatchObject({
      waiting: 1,
      confirming: 0,
      latest: [{ name: 'Περιμένει', email: waiting.email }],
    });
    const messages = card(cards, 'messages');
    expect(messages.new).toBe(1);
    expect(messages.latest[0].excerpt).toHaveLength(141);

    const members = card(cards, 'members');
    const weeks = members.weeks as { start: string; count: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)!.start).toBe(mondayOf(new Date()));
    for (const week of weeks) expect(new Date(`${week.start}T12:00:00Z`).getUTCDay()).toBe(1);
    // The old member counts in its week; the blocked one and the one awaiting approval count nowhere.
    expect(weeks.find((week) => week.start === mondayOf(threeWeeksAgo))?.count).toBe(1);
    expect(members.total).toBe(weeks.reduce((sum, week) => sum + week.count, 0));
    expect(card(cards, 'activity').latest.length).toBeGreaterThan(0);
  });

  it('shows a card only to whoever may read its list', async () => {
    const nobody = await createSignedInUser(server, { roles: ['user'] });
    expect(await dashboard(nobody.token)).toEqual([]);
    const roleId = await createRoleWith(server, `Inbox ${newId().slice(-6)}`, 'GET /api/auth/contact-messages');
    const reader = await createSignedInUser(server, { roleIds: [roleId] });
    expect((await dashboard(reader.token)).map((one) => one.key)).toEqual(['messages']);
    expect((await server.get('/api/auth/dashboard')).status).toBe(401);
  });
});

describe('GET /api/auth/dashboard in another time zone', () => {
  it("counts a member in the week the community's own clock puts the joining in", async () => {
    const timeZone = 'Pacific/Kiritimati';
    const elsewhere = await startTestServer({ SITE_TIME_ZONE: timeZone });
    try {
      // A Sunday noon in UTC, three weeks back: still Sunday in Athens, already Monday at UTC+14.
      const sunday = new Date(Date.now() - 21 * 24 * 3600_000);
      sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
      sunday.setUTCHours(12, 0, 0, 0);
      expect(mondayOf(sunday, timeZone)).not.toBe(mondayOf(sunday));
      await elsewhere.deps.db
        .insert(users)
        .values({ id: newId(), name: 'Sunday', email: uniqueEmail('sunday'), createdAt: sunday });

      const response = await elsewhere.get('/api/auth/dashboard', await elsewhere.adminToken());
      const members = card(response.body.cards, 'members');
      const weeks = members.weeks as { start: string; count: number }[];
      expect(weeks.at(-1)!.start).toBe(mondayOf(new Date(), timeZone));
      expect(weeks.find((week) => week.start === mondayOf(sunday, timeZone))?.count).toBe(1);
      expect(weeks.find((week) => week.start === mondayOf(sunday))?.count ?? 0).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });
});
