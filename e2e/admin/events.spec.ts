import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseCsv } from '../../apps/server/src/test/parse-csv';
import { ADMIN, callApi as call, createMember, expect, test, tokenOf } from '../fixtures';
import { expectAccessible, logOut, shoot, signInAs } from './session';

/** A 1x1 PNG, enough for a real upload. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Next year: every event of these tests is upcoming whatever today is. */
const YEAR = new Date().getFullYear() + 1;

// The site's zone is Europe/Athens; the browser sits elsewhere, so a time shown in the browser's
// own zone instead of the site's would read seven hours early.
test.use({ timezoneId: 'America/New_York' });

/** The list narrowed to this test's rows: other tests' events may be there too. */
async function searchFor(page: Page, term: string) {
  await page.getByRole('searchbox').fill(term);
  await page.getByRole('searchbox').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(term);
}

test.describe('[ADMIN][EVENTS]', () => {
  // Long flows, each screen checked by axe and pictured in both themes at two widths.
  test.describe.configure({ timeout: 150_000 });

  test('creates, edits, publishes, duplicates, filters, sorts and deletes events', async ({ page, app }, testInfo) => {
    const stamp = Date.now();
    // What is typed is never handed to the browser's own date control unless it is ISO.
    const refusedByControl: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('does not conform to the required format')) refusedByControl.push(message.text());
    });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Events \(\d+\)$/);

    // A refused save: the end before the start is said beside End, and nothing typed is lost.
    await page.getByRole('button', { name: 'Add New Event' }).click();
    const create = page.getByRole('dialog', { name: 'New Event' });
    // Said before any time is typed, a new event's as an existing one's.
    await expect(create.getByText("Times are in the site's time zone, Europe/Athens.")).toBeVisible();
    // Days typed as all day keep their whole last day once given times.
    await create.getByRole('switch', { name: 'All day' }).click();
    await create.getByLabel('First day').fill(`12/24/${YEAR}`);
    await create.getByLabel('Last day').fill(`12/26/${YEAR}`);
    await create.getByRole('switch', { name: 'All day' }).click();
    await expect(create.getByLabel('Start', { exact: true })).toHaveValue(`12/24/${YEAR} 00:00`);
    await expect(create.getByLabel('End', { exact: true })).toHaveValue(`12/26/${YEAR} 23:59`);
    await create.getByLabel('Title').fill(`Concert ${stamp}`);
    // Typed as an English screen writes dates, whatever the browser's language.
    await create.getByLabel('Start', { exact: true }).fill(`12/15/${YEAR} 7:30 pm`);
    const ends = create.getByLabel('End', { exact: true });
    await ends.fill('tomorrow evening');
    await create.getByLabel('Place (optional)').fill('Town square');
    await create.getByLabel('Description (optional)').fill('Bring a chair.\nFree entry.');
    await create.getByLabel('Capacity (optional)').fill('2');
    await create.getByRole('switch', { name: 'Members can say they are going' }).click();
    await create.getByRole('button', { name: 'Save' }).click();
    // No date at all: the field says how to write one, keeps the text and nothing is sent.
    await expect(ends).toHaveAttribute('aria-invalid', 'true');
    await expect(ends).toHaveAccessibleDescription(
      /^Format: MM\/DD\/YYYY HH:MM Write the date as MM\/DD\/YYYY HH:MM, for example \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
    );
    await expect(ends).toHaveValue('tomorrow evening');
    await expect(create).toBeVisible();
    expect(refusedByControl).toEqual([]);
    await ends.fill(`${YEAR}-12-15T18:00`);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(ends).toHaveValue(`12/15/${YEAR} 18:00`);
    await expect(ends).toHaveAttribute('aria-invalid', 'true');
    await expect(ends).toHaveAccessibleDescription('Format: MM/DD/YYYY HH:MM End must be after start');
    await expect(create.getByLabel('Title')).toHaveValue(`Concert ${stamp}`);
    await expect(create.getByLabel('Start', { exact: true })).toHaveValue(`12/15/${YEAR} 19:30`);
    await expect(create.getByLabel('Description (optional)')).toHaveValue('Bring a chair.\nFree entry.');
    await expect(create.getByLabel('Capacity (optional)')).toHaveValue('2');

    // An image too large is refused before sending; a small one shows as it will be saved.
    const big = testInfo.outputPath('big.png');
    fs.mkdirSync(path.dirname(big), { recursive: true });
    fs.writeFileSync(big, Buffer.alloc(1024 * 1024 + 1));
    await create.getByLabel('Image (optional)').setInputFiles(big);
    await expect(create.getByText('File size exceeds 1MB limit. Please upload a smaller file.')).toBeVisible();
    const small = testInfo.outputPath('poster.png');
    fs.writeFileSync(small, TINY_PNG);
    await create.getByLabel('Image (optional)').setInputFiles(small);
    await expect(create.getByRole('img', { name: "The event's image" })).toHaveAttribute('src', /^data:image\/png/);

    await ends.fill(`${YEAR}-12-15T22:00`);
    await ends.press('Tab');
    await expect(ends).not.toHaveAttribute('aria-invalid');
    await expectAccessible(page);
    await shoot(page, 'events-form');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event created as a draft.')).toBeVisible();
    await expect(create).toBeHidden();

    await searchFor(page, String(stamp));
    const table = page.getByRole('table');
    const concert = table.getByRole('row', { name: new RegExp(`Concert ${stamp}`) });
    // Shown in the site's zone (Athens), not the browser's (New York).
    await expect(concert.getByRole('cell').nth(1)).toHaveText(`December 15, ${YEAR}, 19:30–22:00`);
    await expect(concert).toContainText('Town square');
    await expect(concert).toContainText('Draft');
    await expect(concert).toContainText('0 / 2');

    // Edit: the form holds what was saved; all day turns the times into days and back.
    await concert.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Start', { exact: true })).toHaveValue(`12/15/${YEAR} 19:30`);
    await expect(edit.getByLabel('Description (optional)')).toHaveValue('Bring a chair.\nFree entry.');
    await expect(edit.getByRole('switch', { name: 'Members can say they are going' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(edit.getByRole('img', { name: "The event's image" })).toHaveAttribute(
      'src',
      /\/api\/upload\/images\//,
    );
    await expect(edit.getByText("Times are in the site's time zone, Europe/Athens.")).toBeVisible();
    await edit.getByRole('switch', { name: 'All day' }).click();
    await expect(edit.getByLabel('First day')).toHaveValue(`12/15/${YEAR}`);
    await expect(edit.getByLabel('Last day')).toHaveValue(`12/15/${YEAR}`);
    await expect(edit.getByText("Times are in the site's time zone, Europe/Athens.")).toBeHidden();
    await edit.getByRole('switch', { name: 'All day' }).click();
    await expect(edit.getByLabel('Start', { exact: true })).toHaveValue(`12/15/${YEAR} 19:30`);
    await expect(edit.getByLabel('End', { exact: true })).toHaveValue(`12/15/${YEAR} 22:00`);
    await edit.getByLabel('Title').fill(`Spring concert ${stamp}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event updated successfully.')).toBeVisible();
    const spring = table.getByRole('row', { name: new RegExp(`Spring concert ${stamp}`) });
    await expect(spring).toBeVisible();

    // Publish: the public API shows it from now on.
    await spring.getByRole('button', { name: `Publish Spring concert ${stamp}` }).press('Enter');
    await expect(page.getByText('The event is published.')).toBeVisible();
    await expect(spring).toContainText('Published');
    // The focus is on the button that took Publish's place.
    await expect(spring.getByRole('button', { name: `Unpublish Spring concert ${stamp}` })).toBeFocused();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const listed = await call<{ data: { _id: string; title: string; status: string }[] }>(
      app.baseURL,
      token,
      'GET',
      `/api/auth/events?q=${stamp}`,
    );
    const springId = listed.data.find((event) => event.title === `Spring concert ${stamp}`)!._id;
    expect((await fetch(`${app.baseURL}/api/events/${springId}`)).status).toBe(200);

    // A duplicate left with Cancel is not kept: one Spring concert, as before.
    await spring.getByRole('button', { name: `Duplicate Spring concert ${stamp}` }).click();
    const discarded = page.getByRole('dialog', { name: 'Edit the copy' });
    await expect(discarded.getByLabel('Title')).toHaveValue(`Spring concert ${stamp}`);
    await discarded.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('The copy was not kept.')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`Spring concert ${stamp}`) })).toHaveCount(1);

    // Duplicate: the draft copy opens at once; it is moved a month earlier and renamed.
    await spring.getByRole('button', { name: `Duplicate Spring concert ${stamp}` }).click();
    const copy = page.getByRole('dialog', { name: 'Edit the copy' });
    await expect(copy.getByLabel('Title')).toHaveValue(`Spring concert ${stamp}`);
    await expect(copy.getByLabel('Place (optional)')).toHaveValue('Town square');
    await copy.getByLabel('Title').fill(`Autumn walk ${stamp}`);
    await copy.getByLabel('Start', { exact: true }).fill(`${YEAR}-11-14T10:00`);
    await copy.getByLabel('End', { exact: true }).fill(`${YEAR}-11-14T12:30`);
    // The rename's toast may still be up; the copy's own must be the one seen.
    await expect(page.getByText('Event updated successfully.')).toHaveCount(0);
    await copy.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event updated successfully.')).toBeVisible();
    const autumn = table.getByRole('row', { name: new RegExp(`Autumn walk ${stamp}`) });
    await expect(autumn).toContainText('Draft');
    await expect(autumn.getByRole('cell').nth(1)).toHaveText(`November 14, ${YEAR}, 10:00–12:30`);

    // Filter by status: a chip says so and the URL keeps it.
    await page.getByLabel('Status').selectOption('published');
    await expect(page).toHaveURL(/status=published/);
    const chip = page.getByRole('button', { name: 'Remove the filter Status: Published' });
    await expect(chip).toBeVisible();
    await expect(spring).toBeVisible();
    await expect(autumn).toBeHidden();
    await chip.click();
    await expect(autumn).toBeVisible();
    // Both are upcoming: among past events the search finds none.
    await page.getByLabel('When').selectOption('past');
    await expect(page.getByRole('button', { name: 'Remove the filter When: Past' })).toBeVisible();
    await expect(table.getByText('Nothing matches this search and these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Remove the filter When: Past' }).click();

    // Sort: by title, then by date, each header saying its order.
    const titles = table.locator('tbody tr td:nth-child(1)');
    const titleHeader = table.getByRole('columnheader', { name: 'Title' });
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=title/);
    await expect(titles).toHaveText([`Autumn walk ${stamp}`, `Spring concert ${stamp}`]);
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(titles).toHaveText([`Spring concert ${stamp}`, `Autumn walk ${stamp}`]);
    const whenHeader = table.getByRole('columnheader', { name: 'When' });
    await whenHeader.getByRole('button').click();
    await expect(whenHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    await expect(titles).toHaveText([`Autumn walk ${stamp}`, `Spring concert ${stamp}`]);
    await whenHeader.getByRole('button').click();
    await expect(titles).toHaveText([`Spring concert ${stamp}`, `Autumn walk ${stamp}`]);
    // A shared link shows the same rows in the same order.
    await page.reload();
    await expect(titles).toHaveText([`Spring concert ${stamp}`, `Autumn walk ${stamp}`]);
    await expect(page.getByRole('searchbox')).toHaveValue(String(stamp));
    await expectAccessible(page);
    await shoot(page, 'events-list');

    // Delete asks first, naming the event.
    await autumn.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Delete the event “Autumn walk ${stamp}”?`);
    await confirm.getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Event deleted successfully.')).toBeVisible();
    await expect(autumn).toBeHidden();
    await expect(titles).toHaveText([`Spring concert ${stamp}`]);

    // Unpublish: a draft again, gone from the public API.
    await spring.getByRole('button', { name: `Unpublish Spring concert ${stamp}` }).click();
    await expect(page.getByText('The event is a draft again.')).toBeVisible();
    await expect(spring).toContainText('Draft');
    expect((await fetch(`${app.baseURL}/api/events/${springId}`)).status).toBe(404);

    // In Greek the dates read as Greek readers write them, still in the site's zone, and as the public page writes them.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Εκδηλώσεις (1)');
    await expect(spring.getByRole('cell').nth(1)).toHaveText(`15 Δεκεμβρίου ${YEAR}, 19:30–22:00`);
    await expect(spring).toContainText('Πρόχειρη');
  });

  test('on a Greek screen, times are typed day first, in 24 hours or with μ.μ.', async ({ page, app }) => {
    const stamp = Date.now();
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/events');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await page.getByRole('button', { name: 'Νέα εκδήλωση' }).click();
    const create = page.getByRole('dialog', { name: 'Νέα εκδήλωση' });
    await create.getByLabel('Τίτλος').fill(`Συναυλία ${stamp}`);
    const starts = create.getByLabel('Έναρξη', { exact: true });
    await expect(starts).toHaveAttribute('placeholder', 'ΗΗ/ΜΜ/ΕΕΕΕ ΩΩ:ΛΛ');
    await starts.fill(`15/12/${YEAR} 7:30 μ.μ.`);
    await create.getByLabel('Λήξη', { exact: true }).fill(`15.12.${YEAR} 22:00`);
    await create.getByLabel('Λήξη', { exact: true }).press('Tab');
    await expect(starts).toHaveValue(`15/12/${YEAR} 19:30`);
    await expect(create.getByLabel('Λήξη', { exact: true })).toHaveValue(`15/12/${YEAR} 22:00`);
    await create.getByRole('switch', { name: 'Ολοήμερη' }).click();
    await expect(create.getByLabel('Πρώτη ημέρα')).toHaveValue(`15/12/${YEAR}`);
    await create.getByLabel('Τελευταία ημέρα').fill(`16/12/${String(YEAR).slice(2)}`);
    await create.getByRole('switch', { name: 'Ολοήμερη' }).click();
    await expect(create.getByLabel('Λήξη', { exact: true })).toHaveValue(`16/12/${YEAR} 22:00`);
    await expectAccessible(page);
    await shoot(page, 'events-form-greek');
    await create.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(page.getByText('Η εκδήλωση δημιουργήθηκε ως πρόχειρη.')).toBeVisible();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const listed = await call<{ data: { title: string; startsLocal: string; endsLocal: string }[] }>(
      app.baseURL,
      token,
      'GET',
      `/api/auth/events?q=${stamp}`,
    );
    expect(listed.data).toMatchObject([
      { title: `Συναυλία ${stamp}`, startsLocal: `${YEAR}-12-15T19:30`, endsLocal: `${YEAR}-12-16T22:00` },
    ]);
  });

  test('an end mended after a refused save is saved by one click on Save', async ({ page, app }) => {
    const stamp = Date.now();
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/events');
    await page.getByRole('button', { name: 'Add New Event' }).click();
    const create = page.getByRole('dialog', { name: 'New Event' });
    await create.getByLabel('Title').fill(`Shift test ${stamp}`);
    await create.getByLabel('Start', { exact: true }).fill(`02/11/${YEAR} 10:00`);
    const ends = create.getByLabel('End', { exact: true });
    await ends.fill(`02/11/${YEAR} 09:00`);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(ends).toHaveAccessibleDescription('Format: MM/DD/YYYY HH:MM End must be after start');
    // The time typed over, key by key, and Save clicked at once: the message goes as the end
    // reads right, not when the field is left, so Save stays under the pointer.
    await ends.press('End');
    for (let key = 0; key < 5; key += 1) await ends.press('Backspace');
    await ends.pressSequentially('12:00');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Event created as a draft.')).toBeVisible();
    await expect(create).toBeHidden();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const listed = await call<{ data: { startsLocal: string; endsLocal: string }[] }>(
      app.baseURL,
      token,
      'GET',
      `/api/auth/events?q=${stamp}`,
    );
    expect(listed.data).toMatchObject([{ startsLocal: `${YEAR}-02-11T10:00`, endsLocal: `${YEAR}-02-11T12:00` }]);
  });

  test('on a phone the long event form scrolls under its title and close button', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 640 });
    await page.goto('/admin/events');
    await page.getByRole('button', { name: 'Add New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Event' });
    await dialog.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    expect(await dialog.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
    await expect(dialog.getByRole('heading', { name: 'New Event' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
    // A field reached from the keyboard is not hidden under them.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog.getByLabel('Title')).toBeInViewport({ ratio: 1 });
    const [field, header] = await Promise.all([
      dialog.getByLabel('Title').boundingBox(),
      dialog.getByRole('heading', { name: 'New Event' }).boundingBox(),
    ]);
    expect(field!.y).toBeGreaterThan(header!.y + header!.height);
  });

  test('a form with changes asks before its dialog closes; one left as it opened closes at once', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/events');
    const add = page.getByRole('button', { name: 'Add New Event' });
    const create = page.getByRole('dialog', { name: 'New Event' });
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    const clickBeside = () => page.mouse.click(5, 5);
    await add.click();
    await clickBeside();
    await expect(create).toBeHidden();
    await expect(question).toBeHidden();

    await add.click();
    await create.getByLabel('Title').fill('Picnic');
    await clickBeside();
    await expect(question).toContainText('Your changes in this form are not saved. Discard them?');
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(question).toBeHidden();
    await expect(create.getByLabel('Title')).toHaveValue('Picnic');
    await expect(create.getByLabel('Title')).toBeFocused();
    // Escape asks too, and a second Escape answers Keep editing.
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(create.getByLabel('Title')).toHaveValue('Picnic');
    await create.getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await create.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(create).toBeHidden();
    await expect(add).toBeFocused();

    // A fresh form; typed back to how it opened, it holds no change.
    await add.click();
    await expect(create.getByLabel('Title')).toHaveValue('');
    await create.getByLabel('Title').fill('Picnic');
    await create.getByLabel('Title').fill('');
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();
    await expect(question).toBeHidden();

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await page.getByRole('button', { name: 'Νέα εκδήλωση' }).click();
    await page.getByRole('dialog', { name: 'Νέα εκδήλωση' }).getByLabel('Τίτλος').fill('Πικνίκ');
    await page.keyboard.press('Escape');
    const greek = page.getByRole('alertdialog', { name: 'Μη αποθηκευμένες αλλαγές' });
    await expect(greek).toContainText('Οι αλλαγές σας σε αυτή τη φόρμα δεν έχουν αποθηκευτεί. Να απορριφθούν;');
    await expectAccessible(page);
    await shoot(page, 'unsaved-changes-greek');
    await greek.getByRole('button', { name: 'Απόρριψη αλλαγών' }).click();
    await expect(page.getByRole('dialog', { name: 'Νέα εκδήλωση' })).toBeHidden();
  });

  test('lists the attendees with their CSV, and members see and take back their events', async ({ page, app }) => {
    const stamp = Date.now();
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const members = ['Ada', 'Byron'].map((name) => ({
      name: `${name} ${stamp}`,
      email: `going-${name.toLowerCase()}-${stamp}@e2e.test`,
    }));
    for (const member of members) await createMember(app.baseURL, { ...member, password: 'member-password' });
    type Made = { _id: string; title: string; timeZone: string };
    const make = async (title: string, day: string) => {
      const made = await call<Made>(app.baseURL, admin, 'POST', '/api/auth/events', {
        title,
        startsLocal: `${day}T18:00`,
        endsLocal: `${day}T20:00`,
        place: 'Library',
        capacity: 10,
        rsvpEnabled: true,
      });
      await call(app.baseURL, admin, 'POST', `/api/auth/events/${made._id}/publish`, {});
      return made;
    };
    const reading = await make(`Reading ${stamp}`, `${YEAR}-03-10`);
    const film = await make(`Film night ${stamp}`, `${YEAR}-02-05`);
    const market = await make(`Market ${stamp}`, `${YEAR}-04-20`);
    // Each member answers through the API, Ada first; Ada goes to all three.
    for (const member of members) {
      const token = await tokenOf(app.baseURL, member.email, 'member-password');
      for (const event of member === members[0] ? [reading, film, market] : [reading])
        await call(app.baseURL, token, 'POST', `/api/auth/events/${event._id}/rsvp`, {});
    }
    // The market moves into the past after Ada answered: hers stays, with nothing left to take back.
    await call(app.baseURL, admin, 'PUT', `/api/auth/events/${market._id}`, {
      title: market.title,
      startsLocal: '2024-04-20T18:00',
      endsLocal: '2024-04-20T20:00',
      place: 'Library',
      capacity: 10,
      rsvpEnabled: true,
    });

    // An event nobody can answer, and nobody did, offers no attendees to open.
    await call(app.baseURL, admin, 'POST', '/api/auth/events', {
      title: `Quiet ${stamp}`,
      startsLocal: `${YEAR}-03-11T18:00`,
      endsLocal: `${YEAR}-03-11T20:00`,
      rsvpEnabled: false,
    });

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/events');
    await searchFor(page, `Quiet ${stamp}`);
    const quiet = page.getByRole('row', { name: new RegExp(`Quiet ${stamp}`) });
    await expect(quiet).toContainText('RSVP off');
    await expect(quiet.getByRole('link', { name: `Attendees of Quiet ${stamp}` })).toHaveCount(0);
    await searchFor(page, `Reading ${stamp}`);
    const row = page.getByRole('row', { name: new RegExp(`Reading ${stamp}`) });
    await expect(row).toContainText('2 / 10');
    // A rule only the server knows (two are going already) is said beside its field too.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByLabel('Capacity (optional)').fill('1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByLabel('Capacity (optional)')).toHaveAccessibleDescription(
      'Capacity cannot be below the 2 members already going.',
    );
    await expect(edit.getByLabel('Capacity (optional)')).toHaveValue('1');
    // The capacity typed is not saved: Cancel asks before it is dropped.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    // The same in Greek: the server answers in the reader's language and the form still finds the field.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await row.getByRole('button', { name: 'Επεξεργασία' }).click();
    const greek = page.getByRole('dialog', { name: 'Επεξεργασία εκδήλωσης' });
    await greek.getByLabel('Θέσεις (προαιρετικό)').fill('1');
    await greek.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(greek.getByLabel('Θέσεις (προαιρετικό)')).toHaveAccessibleDescription(
      'Οι θέσεις δεν μπορούν να είναι λιγότερες από τα 2 μέλη που έχουν ήδη δηλώσει συμμετοχή.',
    );
    await greek.getByRole('button', { name: 'Άκυρο' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Απόρριψη αλλαγών' }).click();
    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: 'English' }).click();
    await expect(row).toContainText('2 / 10');
    await row.getByRole('link', { name: `Attendees of Reading ${stamp}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/events/${reading._id}/attendees`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Attendees of Reading ${stamp} (2)`);
    const table = page.getByRole('table');
    const answered = table.getByRole('columnheader', { name: 'Answered' });
    await expect(answered).toHaveAttribute('aria-sort', 'ascending');
    // The times are the event's own, in the zone the header names.
    await expect(answered).toHaveText(`Answered (${reading.timeZone})`);
    await expect(table.locator('tbody tr td:nth-child(1)')).toHaveText(members.map((member) => member.name));
    await expect(table.getByRole('link', { name: members[1]!.email })).toHaveAttribute(
      'href',
      `mailto:${members[1]!.email}`,
    );
    await expectAccessible(page);
    await shoot(page, 'events-attendees');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    // Named after the event, so the lists of several events downloaded one day are told apart.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^attendees-Reading-${stamp}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const [header, ...rows] = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    expect(header).toEqual(['id', 'name', 'email', 'answered']);
    expect(rows.map((cells) => cells.slice(1, 3))).toEqual(members.map((member) => [member.name, member.email]));
    expect(rows.every((cells) => !Number.isNaN(Date.parse(cells[3]!)))).toBe(true);

    // Ada's own events: upcoming first, soonest first, then the past one; each links to its page.
    await page.getByRole('link', { name: 'Back to events' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    await logOut(page, ADMIN.name);
    await signInAs(page, members[0]!.email, 'member-password');
    // The home leads with what is next for her: the upcoming ones, not the past market.
    const next = page.getByRole('region', { name: 'My next events' });
    await expect(next.getByRole('listitem')).toHaveCount(2);
    await expect(next.getByRole('listitem').nth(0)).toContainText(`Film night ${stamp}`);
    await expect(next.getByRole('listitem').nth(1)).toContainText(`Reading ${stamp}`);
    await expect(next).not.toContainText(`Market ${stamp}`);
    await page.goto('/admin/account/profile');
    const mine = page.getByRole('region', { name: 'My events' });
    const items = mine.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText(`Film night ${stamp}`);
    await expect(items.nth(1)).toContainText(`Reading ${stamp}`);
    await expect(items.nth(2)).toContainText(`Market ${stamp}`);
    await expect(items.nth(0)).toContainText(`February 5, ${YEAR}, 18:00–20:00`);
    await expect(mine.getByRole('link', { name: `Film night ${stamp}` })).toHaveAttribute(
      'href',
      `/events/${film._id}`,
    );
    await expect(items.nth(2)).toContainText('Past');
    await expect(items.nth(2).getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'profile-my-events');

    await mine.getByRole('button', { name: `Not going to Film night ${stamp}` }).press('Enter');
    await expect(page.getByText(`You are no longer going to Film night ${stamp}.`)).toBeVisible();
    await expect(items).toHaveCount(2);
    // The row went with the button pressed: the focus is on the card's title, not the page.
    await expect(mine.getByRole('heading', { name: 'My events' })).toBeFocused();
    await expect(mine.getByRole('link', { name: `Film night ${stamp}` })).toHaveCount(0);
    const ada = await tokenOf(app.baseURL, members[0]!.email, 'member-password');
    const state = await call<{ going: boolean }>(app.baseURL, ada, 'GET', `/api/auth/events/${film._id}/rsvp`);
    expect(state.going).toBe(false);

    // Someone going to nothing is shown where to find what is on.
    await logOut(page, members[0]!.name);
    await createMember(app.baseURL, { email: `idle-${stamp}@e2e.test`, password: 'member-password' });
    await signInAs(page, `idle-${stamp}@e2e.test`, 'member-password');
    const nothing = page.getByRole('region', { name: 'My next events' });
    await expect(nothing).toContainText('You are not going to any upcoming event.');
    await expect(nothing.getByRole('link', { name: 'See the events' })).toHaveAttribute('href', '/events');
    await expectAccessible(page);
  });
});
