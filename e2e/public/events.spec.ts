import type { Page } from '@playwright/test';
import { ADMIN, callApi, createMember, expect, signInThroughApi, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot } from '../admin/session';

type EventBody = {
  title: string;
  startsLocal: string;
  endsLocal: string;
  allDay?: boolean;
  place?: string;
  description?: string;
  capacity?: number;
  rsvpEnabled?: boolean;
};

/** Creates an event as the administrator and publishes it unless told not to. */
async function createEvent(baseURL: string, body: EventBody, { publish = true } = {}) {
  const token = await tokenOf(baseURL, ADMIN.email, ADMIN.password);
  const { _id } = await callApi<{ _id: string }>(baseURL, token, 'POST', '/api/auth/events', body);
  if (publish) await callApi(baseURL, token, 'POST', `/api/auth/events/${_id}/publish`);
  return _id;
}

/** The public site shares the admin app's stored sign-in: the member signs in as the admin app stores it. */
async function signInStored(page: Page, baseURL: string, email: string) {
  const { roles, ...userInfo } = await signInThroughApi(baseURL, email, 'member-password');
  await page.evaluate(
    ([info, role]) => {
      localStorage.setItem('userInfo', info);
      localStorage.setItem('userRole', role);
    },
    [JSON.stringify(userInfo), JSON.stringify(roles)],
  );
}

/** The VEVENTs of an iCalendar file, each its properties by name (parameters kept apart). */
function parseCalendar(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, { params: string; value: string }>[] = [];
  let current: Record<string, { params: string; value: string }> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      const [name, ...params] = line.slice(0, colon).split(';');
      current[name!] = { params: params.join(';'), value: line.slice(colon + 1) };
    }
  }
  return { lines, events };
}

const nextYear = new Date().getUTCFullYear() + 1;
/** A date a few days back, as the form would send it. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test.describe('[PUBLIC][EVENTS]', () => {
  test('upcoming events by month, past ones below, each on its own page; markup stays text', async ({ page, app }) => {
    // Two screens checked and drawn in both themes at two widths.
    test.slow();
    const stamp = Date.now();
    const concert = `Συναυλία στην πλατεία ${stamp}`;
    const fair = `Παζάρι βιβλίου ${stamp}`;
    const marked = `<b>Βραδιά</b> <script>alert(1)</script> ${stamp}`;
    const past = `Καθαρισμός πάρκου ${stamp}`;
    const draft = `Πρόχειρη ${stamp}`;
    const concertId = await createEvent(app.baseURL, {
      title: concert,
      startsLocal: `${nextYear}-03-15T19:30`,
      endsLocal: `${nextYear}-03-15T22:00`,
      place: 'Πλατεία Αγίου Γεωργίου',
      description: `Πρώτη γραμμή\nΔεύτερη γραμμή <i>όχι πλάγια</i>\nΠρόγραμμα: https://example.org/program.`,
      rsvpEnabled: true,
      capacity: 50,
    });
    await createEvent(app.baseURL, {
      title: fair,
      startsLocal: `${nextYear}-03-20`,
      endsLocal: `${nextYear}-03-22`,
      allDay: true,
    });
    const markedId = await createEvent(app.baseURL, {
      title: marked,
      startsLocal: `${nextYear}-04-03T10:00`,
      endsLocal: `${nextYear}-04-03T12:00`,
    });
    await createEvent(app.baseURL, { title: past, startsLocal: daysAgo(3), endsLocal: daysAgo(3), allDay: true });
    const draftId = await createEvent(
      app.baseURL,
      { title: draft, startsLocal: `${nextYear}-03-16T10:00`, endsLocal: `${nextYear}-03-16T11:00` },
      { publish: false },
    );

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Εκδηλώσεις' })).toBeVisible();
    const upcoming = page.getByRole('region', { name: 'Προσεχείς εκδηλώσεις' });
    const march = upcoming.getByRole('region', { name: `Μάρτιος ${nextYear}` });
    const april = upcoming.getByRole('region', { name: `Απρίλιος ${nextYear}` });
    const concertRow = march.getByRole('listitem').filter({ hasText: concert });
    await expect(concertRow).toContainText(`15 Μαρτίου ${nextYear}, 19:30–22:00`);
    await expect(concertRow).toContainText('Πλατεία Αγίου Γεωργίου');
    await expect(march.getByRole('listitem').filter({ hasText: fair })).toContainText(
      `20 Μαρτίου ${nextYear} – 22 Μαρτίου ${nextYear}`,
    );
    // Soonest first within the month; the draft is nowhere.
    const marchTitles = await march.getByRole('link').allTextContents();
    expect(marchTitles.indexOf(concert)).toBeLessThan(marchTitles.indexOf(fair));
    await expect(page.getByText(draft)).toHaveCount(0);
    // Markup in a title is shown as the characters typed.
    await expect(april.getByRole('link', { name: marked })).toHaveAttribute('href', `/events/${markedId}`);
    await expect(page.locator('b', { hasText: 'Βραδιά' })).toHaveCount(0);
    const pastSection = page.getByRole('region', { name: 'Προηγούμενες εκδηλώσεις' });
    await expect(pastSection.getByRole('link', { name: past })).toBeVisible();
    await expect(upcoming.getByRole('link', { name: past })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'public-events-list');

    // One event: its page inside the site, the navigation still on Events.
    await march.getByRole('link', { name: concert }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${concertId}$`));
    await expect(page.getByRole('heading', { level: 1, name: concert })).toBeVisible();
    await expect(page).toHaveTitle(`${concert} · Κοινότητα`);
    const nav = page.getByRole('navigation', { name: 'Κύρια πλοήγηση' });
    await expect(nav.getByRole('link', { name: 'Εκδηλώσεις' })).toHaveAttribute('aria-current', 'location');
    await expect(page.getByText(`15 Μαρτίου ${nextYear}, 19:30–22:00`)).toBeVisible();
    await expect(page.getByText('Πλατεία Αγίου Γεωργίου')).toBeVisible();
    const description = page.getByRole('region', { name: 'Περιγραφή' });
    await expect(description).toContainText('Δεύτερη γραμμή <i>όχι πλάγια</i>');
    await expect(description.locator('i')).toHaveCount(0);
    // Line breaks kept: three lines of text.
    const lineCount = await description
      .locator('p')
      .evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)));
    expect(lineCount).toBe(3);
    await expect(description.getByRole('link', { name: 'https://example.org/program' })).toHaveAttribute(
      'href',
      'https://example.org/program',
    );
    await expect(page.getByRole('link', { name: 'Προσθήκη στο ημερολόγιο' })).toHaveAttribute(
      'href',
      `/events/${concertId}.ics`,
    );
    await expect(page.getByText('Θα έρθουν: 0 από 50 θέσεις')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Συνδεθείτε για να δηλώσετε συμμετοχή' })).toHaveAttribute(
      'href',
      `/admin/login?next=${encodeURIComponent(`/events/${concertId}`)}`,
    );
    await expectAccessible(page);
    await shoot(page, 'public-event');

    // A draft, an unknown id and a malformed one read as not found.
    for (const id of [draftId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      await page.goto(`/events/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Η εκδήλωση δεν βρέθηκε' })).toBeVisible();
      await expect(page.getByText('Αυτή η εκδήλωση δεν υπάρχει ή δεν είναι πια δημοσιευμένη.')).toBeVisible();
      await expect(page).toHaveTitle(/^Η εκδήλωση δεν βρέθηκε · /);
    }
    await page.getByRole('link', { name: '← Όλες οι εκδηλώσεις' }).click();
    await expect(page).toHaveURL(/\/events$/);

    // The calendar files: the feed and the event's own, the same UID each time.
    const one = async () => {
      const response = await fetch(`${app.baseURL}/events/${concertId}.ics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
      return parseCalendar(await response.text());
    };
    const first = await one();
    const second = await one();
    expect(first.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(first.events).toHaveLength(1);
    const event = first.events[0]!;
    expect(event.UID!.value).toMatch(new RegExp(`^${concertId}@`));
    expect(second.events[0]!.UID!.value).toBe(event.UID!.value);
    expect(event.SUMMARY!.value).toBe(concert);
    // 19:30 in Athens in March is 17:30 UTC, written either way.
    const start = `${event.DTSTART!.params}:${event.DTSTART!.value}`;
    expect(start).toMatch(new RegExp(`^(TZID=Europe/Athens:${nextYear}0315T193000|:${nextYear}0315T173000Z)$`));
    const feed = await fetch(`${app.baseURL}/events.ics`);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const feedEvents = parseCalendar(await feed.text()).events;
    expect(feedEvents.find((e) => e.SUMMARY?.value === concert)?.UID?.value).toBe(event.UID!.value);
    expect(feedEvents.some((e) => e.SUMMARY?.value === draft)).toBe(false);
  });

  test('members say Going up to the capacity; the next one finds it full until someone is Not going', async ({
    page,
    app,
  }) => {
    // Three members sign in one after the other.
    test.slow();
    const stamp = Date.now();
    const emails = [1, 2, 3].map((n) => `rsvp-${n}-${stamp}@e2e.test`);
    for (const [i, email] of emails.entries()) await createMember(app.baseURL, { email, name: `Μέλος ${i + 1}` });
    const title = `Εργαστήρι ${stamp}`;
    const id = await createEvent(app.baseURL, {
      title,
      startsLocal: `${nextYear}-05-10T18:00`,
      endsLocal: `${nextYear}-05-10T20:00`,
      capacity: 2,
      rsvpEnabled: true,
    });
    const going = page.getByRole('button', { name: 'Θα έρθω' });
    const notGoing = page.getByRole('button', { name: 'Δεν θα έρθω' });
    // One place reads as one.
    const single = await createEvent(app.baseURL, {
      title: `Συνάντηση ${stamp}`,
      startsLocal: `${nextYear}-05-11T18:00`,
      endsLocal: `${nextYear}-05-11T19:00`,
      capacity: 1,
      rsvpEnabled: true,
    });
    await page.goto(`/events/${single}`);
    await expect(page.getByText('Θα έρθουν: 0 από 1 θέση', { exact: true })).toBeVisible();

    // The first member signs in from the event's page and comes back to it.
    await page.goto(`/events/${id}`);
    await page.getByRole('link', { name: 'Συνδεθείτε για να δηλώσετε συμμετοχή' }).click();
    await page.getByLabel('Email').fill(emails[0]!);
    await page.getByLabel('Password').fill('member-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
    await expect(page.getByText('Θα έρθουν: 0 από 2 θέσεις')).toBeVisible();
    await going.press('Enter');
    await expect(page.getByText('Έχετε δηλώσει ότι θα έρθετε.')).toBeVisible();
    await expect(page.getByText('Θα έρθουν: 1 από 2 θέσεις')).toBeVisible();
    await expect(notGoing).toBeVisible();
    // The answer's opposite took its place, and the focus.
    await expect(notGoing).toBeFocused();
    await expectAccessible(page);
    await shoot(page, 'public-event-going');

    await signInStored(page, app.baseURL, emails[1]!);
    await page.reload();
    await expect(page.getByText('Θα έρθουν: 1 από 2 θέσεις')).toBeVisible();
    await going.click();
    await expect(page.getByText('Θα έρθουν: 2 από 2 θέσεις')).toBeVisible();

    // The third finds it full, in the page and at the server.
    await signInStored(page, app.baseURL, emails[2]!);
    await page.reload();
    await expect(page.getByText('Η εκδήλωση είναι πλήρης: δεν υπάρχουν άλλες θέσεις.')).toBeVisible();
    await expect(page.getByText('Θα έρθουν: 2 από 2 θέσεις')).toBeVisible();
    await expect(going).toHaveCount(0);
    const token = await tokenOf(app.baseURL, emails[2]!, 'member-password');
    const refused = await fetch(`${app.baseURL}/api/auth/events/${id}/rsvp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(409);

    // The first takes it back; the third opens the page while the place is free, but the first
    // takes it again before the third says Going.
    await signInStored(page, app.baseURL, emails[0]!);
    await page.reload();
    await notGoing.click();
    await expect(page.getByText('Θα έρθουν: 1 από 2 θέσεις')).toBeVisible();
    await expect(going).toBeVisible();
    await signInStored(page, app.baseURL, emails[2]!);
    await page.reload();
    await expect(page.getByText('Θα έρθουν: 1 από 2 θέσεις')).toBeVisible();
    const first = await tokenOf(app.baseURL, emails[0]!, 'member-password');
    const rsvpOfFirst = (method: string) =>
      fetch(`${app.baseURL}/api/auth/events/${id}/rsvp`, { method, headers: { authorization: `Bearer ${first}` } });
    expect((await rsvpOfFirst('POST')).ok).toBe(true);
    await going.click();
    // Refused, the page reads the event again: full, and nothing left to press.
    await expect(page.getByText('Θα έρθουν: 2 από 2 θέσεις')).toBeVisible();
    await expect(page.getByText('Η εκδήλωση είναι πλήρης: δεν υπάρχουν άλλες θέσεις.')).toBeVisible();
    await expect(going).toHaveCount(0);
    // The first lets it go for good; the place is the third's.
    expect((await rsvpOfFirst('DELETE')).ok).toBe(true);
    await page.reload();
    await going.click();
    await expect(page.getByText('Έχετε δηλώσει ότι θα έρθετε.')).toBeVisible();
    await expect(page.getByText('Θα έρθουν: 2 από 2 θέσεις')).toBeVisible();

    // What a visitor sees: the count, and the full event has no sign-in link to offer.
    await page.evaluate(() => localStorage.removeItem('userInfo'));
    await page.reload();
    await expect(page.getByText('Θα έρθουν: 2 από 2 θέσεις')).toBeVisible();
    await expect(page.getByText('Η εκδήλωση είναι πλήρης: δεν υπάρχουν άλλες θέσεις.')).toBeVisible();
  });

  test('a sign-in ended elsewhere is forgotten by the event page, which says the answer was not saved', async ({
    page,
    app,
  }) => {
    const email = `rsvp-ended-${Date.now()}@e2e.test`;
    const member = await createMember(app.baseURL, { email, name: 'Μέλος Εκτός' });
    const id = await createEvent(app.baseURL, {
      title: `Περίπατος ${Date.now()}`,
      startsLocal: `${nextYear}-06-10T18:00`,
      endsLocal: `${nextYear}-06-10T20:00`,
      rsvpEnabled: true,
    });
    await page.goto('/events');
    await signInStored(page, app.baseURL, email);
    await page.goto(`/events/${id}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Ο λογαριασμός μου' })).toBeVisible();
    const going = page.getByRole('button', { name: 'Θα έρθω' });
    await expect(going).toBeVisible();

    // Signed out everywhere from another device, then Going pressed here.
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    await callApi(app.baseURL, admin, 'POST', `/api/auth/users/${member._id}/sessions/revoke`);
    await going.click();
    await expect(page.getByText('Η απάντησή σας δεν καταχωρίστηκε: η σύνδεσή σας έχει λήξει.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Συνδεθείτε για να δηλώσετε συμμετοχή' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Σύνδεση' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await shoot(page, 'public-event-sign-in-ended');
  });

  test('an event without RSVP and an ended one say so; no Going button for either', async ({ page, app }) => {
    const stamp = Date.now();
    const email = `rsvp-off-${stamp}@e2e.test`;
    await createMember(app.baseURL, { email });
    const off = await createEvent(app.baseURL, {
      title: `Χωρίς δήλωση ${stamp}`,
      startsLocal: `${nextYear}-06-01T18:00`,
      endsLocal: `${nextYear}-06-01T19:00`,
    });
    const ended = await createEvent(app.baseURL, {
      title: `Τελείωσε ${stamp}`,
      startsLocal: daysAgo(10),
      endsLocal: daysAgo(9),
      allDay: true,
      rsvpEnabled: true,
    });
    await page.goto('/events');
    const nav = page.getByRole('banner');
    // Sign-in comes back to the page it was asked from; from the home page it leads to the back-office.
    await expect(nav.getByRole('link', { name: 'Σύνδεση', exact: true })).toHaveAttribute(
      'href',
      '/admin/login?next=%2Fevents',
    );
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Σύνδεση', exact: true })).toHaveAttribute('href', '/admin/login');
    await signInStored(page, app.baseURL, email);
    await page.goto(`/events/${off}`);
    await expect(page.getByText('Δεν χρειάζεται δήλωση συμμετοχής για αυτή την εκδήλωση.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Θα έρθω' })).toHaveCount(0);
    // One sentence, no room kept for an answer that cannot come.
    const box = await page.getByRole('region', { name: 'Συμμετοχή' }).boundingBox();
    expect(box!.height).toBeLessThan(100);
    // A signed-in member is offered the admin app, not a sign-in.
    await expect(nav.getByRole('link', { name: 'Ο λογαριασμός μου' })).toHaveAttribute('href', '/admin');
    await expect(nav.getByRole('link', { name: 'Σύνδεση', exact: true })).toHaveCount(0);
    await page.goto(`/events/${ended}`);
    await expect(page.getByText('Η εκδήλωση έχει ολοκληρωθεί.')).toBeVisible();
    await expect(page.getByText('Δήλωσαν συμμετοχή: 0', { exact: true })).toBeVisible();
    const endedBox = await page.getByRole('region', { name: 'Συμμετοχή' }).boundingBox();
    expect(endedBox!.height).toBeLessThan(110);
    await expect(page.getByRole('button', { name: 'Θα έρθω' })).toHaveCount(0);
  });

  test('an event page and the list read what they show once, through the preloads in their HTML', async ({
    page,
    app,
  }) => {
    const title = `Μία ανάγνωση ${Date.now()}`;
    const id = await createEvent(app.baseURL, {
      title,
      startsLocal: `${nextYear}-05-10T18:00`,
      endsLocal: `${nextYear}-05-10T20:00`,
    });
    // One entry per request the page made: started by the preload link, not by a script.
    const initiators = (path: string) =>
      page.evaluate(
        (url) => performance.getEntriesByName(url).map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        new URL(path, app.baseURL).toString(),
      );

    await page.goto(`/events/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await initiators(`/api/events/${id}`)).toEqual(['link']);
    expect(await initiators('/api/config')).toEqual(['link']);

    await page.goto('/events');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    expect(await initiators('/api/events')).toEqual(['link']);
    expect(await initiators('/api/config')).toEqual(['link']);
  });

  test('the home page shows the next event; the list says when nothing is planned and keeps its place while loading', async ({
    page,
    app,
  }) => {
    await createEvent(app.baseURL, {
      title: `Επόμενη ${Date.now()}`,
      startsLocal: `${nextYear}-07-01T18:00`,
      endsLocal: `${nextYear}-07-01T19:00`,
    });
    const { data } = (await (await fetch(`${app.baseURL}/api/events`)).json()) as {
      data: { _id: string; title: string; startsAt: string }[];
    };
    const next = data[0]!;
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Επόμενη εκδήλωση' });
    await expect(card.getByRole('link', { name: next.title })).toHaveAttribute('href', `/events/${next._id}`);
    await expectAccessible(page);
    await shoot(page, 'public-home-next-event');
    await card.getByRole('link', { name: next.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();

    // Nothing planned, and the answer held back: rows the size of real ones wait in its place.
    const cls = () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    await page.addInitScript(() => {
      const counted = window as unknown as { layoutShift: number };
      counted.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) counted.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/events(\?.*)?$/, async (route) => {
      await held;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: [], total: 0, page: 1, pages: 1, startIndex: 0, endIndex: 0 }),
      });
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/events');
    await expect(page.getByRole('status', { name: 'Οι εκδηλώσεις φορτώνουν…' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    const footerBefore = await footer.boundingBox();
    release();
    await expect(
      page.getByText('Δεν έχει προγραμματιστεί καμία εκδήλωση αυτή τη στιγμή. Ξαναδείτε σύντομα.'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Προηγούμενες εκδηλώσεις' })).toHaveCount(0);
    expect(await cls()).toBeLessThanOrEqual(0.05);
    expect((await footer.boundingBox())!.y).toBe(footerBefore!.y);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Κοινότητα' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Επόμενη εκδήλωση' })).toHaveCount(0);

    // Once it has begun, the soonest event is no longer the next one, but the one under way.
    await page.unroute(/\/api\/events(\?.*)?$/);
    await page.clock.setFixedTime(Date.parse(next.startsAt) + 60_000);
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Σε εξέλιξη τώρα' }).getByRole('link', { name: next.title }),
    ).toBeVisible();
  });
});
