import fs from 'node:fs';
import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { expectAccessible, logOut, shoot, signInAs } from './session';

test.describe('[ADMIN][AUDIT]', () => {
  test('a change made on another screen appears with its before and after, and exports', async ({ page }) => {
    const name = `Stewards ${Date.now()}`;
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const create = page.getByRole('dialog', { name: 'Post Role' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role created successfully.')).toBeVisible();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await edit.getByRole('combobox', { name: 'Permissions (0)', exact: true }).fill('auth/users');
    await edit.getByRole('option', { name: 'GET /api/auth/users', exact: true }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role updated successfully.')).toBeVisible();

    // The menu leads to the log; the newest entry is the change just made, in words.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    const entries = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Show details' }) });
    const newest = entries.first();
    await expect(newest).toContainText(
      `${ADMIN.email} changed the role ${name}: added GET /api/auth/users to permissions`,
    );
    await newest.getByRole('button', { name: 'Show details' }).click();
    const details = page.getByRole('row', { name: /Before After/ });
    await expect(details.getByRole('row', { name: /^permissions/ })).toContainText('GET /api/auth/users');
    await expectAccessible(page);
    await shoot(page, 'audit-log');

    // Only role entries, then only this role's: the filters ride in the URL.
    await page.getByLabel('Kind').selectOption({ label: 'Roles' });
    await expect(page).toHaveURL(/action=role\./);
    await expect(page.getByRole('row', { name: /signed in/ })).toHaveCount(0);
    // From a link to role changes only, everything about the role is every kind of entry on it.
    await page.goto(page.url().replace('action=role.', 'action=role.update'));
    await expect(page.getByRole('row', { name: /created the role/ })).toHaveCount(0);
    await newest.getByRole('button', { name: 'Everything about this' }).click();
    await expect(page.getByText(`About: ${name}`)).toBeVisible();
    await expect(page).not.toHaveURL(/action=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log (2)');
    await expect(entries.nth(1)).toContainText(`${ADMIN.email} created the role ${name}`);

    // Oldest first, and back after a reload of the shared link.
    await page.getByRole('button', { name: /When/ }).click();
    await expect(entries.first()).toContainText('created the role');
    await page.reload();
    await expect(entries.first()).toContainText('created the role');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('role.create');
    expect(lines[2]).toContain('role.update');

    // Other tests of this server count the roles.
    await page.goto('/admin/roles');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Role deleted successfully.')).toBeVisible();
  });

  test('a moment changed reads as a date and time, not as recorded', async ({ page, app }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const title = `Moved ${Date.now()}`;
    const year = new Date().getFullYear() + 1;
    const body = { title, startsLocal: `${year}-03-15T19:30`, endsLocal: `${year}-03-15T22:00` };
    const made = await callApi<{ _id: string }>(app.baseURL, admin, 'POST', '/api/auth/events', body);
    await callApi(app.baseURL, admin, 'PUT', `/api/auth/events/${made._id}`, {
      ...body,
      endsLocal: `${year}-03-15T23:00`,
    });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/audit-log?targetId=${made._id}`);
    const changed = page.getByRole('row').filter({ hasText: `changed the event ${title}` });
    // In the browser's time zone, as the When column.
    await expect(changed).toContainText(
      new RegExp(`ends: Mar 1[56], ${year}, \\d{2}:00 → Mar 1[56], ${year}, \\d{2}:00`),
    );
    await expect(changed).not.toContainText(`${year}-03-15T`);
  });

  test('the actor filter searches people as one types', async ({ page, app }) => {
    const email = `actor-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Zoe Actor' });
    const wrong = await page.request.post('/api/auth/login', { data: { email, password: 'not-her-password' } });
    expect(wrong.status()).toBe(401);
    await signInAs(page, email, 'member-password');
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log');
    const who = page.getByRole('combobox', { name: 'Who' });
    await who.fill('zoe');
    await expect(page.getByRole('option', { name: /Zoe Actor/ })).toBeVisible();
    await who.press('ArrowDown');
    await who.press('Enter');
    await expect(page).toHaveURL(/actor=/);
    // A refused sign-in names the address tried, as the one that passed does.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log (2)');
    await expect(page.getByRole('row').nth(1)).toContainText(`${email} signed in`);
    await expect(page.getByRole('row').nth(2)).toContainText(`A sign-in as ${email} failed`);
    // The keyboard stays where it was: on the pick's clear button, then back in the field.
    await expect(page.getByRole('button', { name: 'Clear Who' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/actor=/);
    await expect(who).toBeFocused();
    await who.fill('nobody-by-this-name');
    await expect(page.getByText('No matches.')).toBeVisible();
  });

  test('the arrows keep the active choice of a picker in view', async ({ page, app }) => {
    const tag = Date.now();
    for (let n = 0; n < 10; n++)
      await createMember(app.baseURL, { email: `scroll-${tag}-${n}@e2e.test`, name: `Scroll ${tag} ${n}` });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log');
    const who = page.getByRole('combobox', { name: 'Who' });
    await who.fill(`scroll-${tag}`);
    const list = page.getByRole('listbox', { name: 'Who' });
    await expect(list.getByRole('option')).toHaveCount(10);
    for (let n = 0; n < 10; n++) await who.press('ArrowDown');
    const active = await who.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
    const inView = await list.evaluate((list, id) => {
      const box = list.getBoundingClientRect();
      const option = document.getElementById(id!)!.getBoundingClientRect();
      return option.top >= box.top - 1 && option.bottom <= box.bottom + 1;
    }, active);
    expect(inView).toBe(true);
  });

  test('on a phone an entry wraps to the screen, a long address with no spaces too', async ({ page, app }) => {
    const email = `alongaddresswithoutanyspacesorhyphens${Date.now()}@anexamplecommunityassociation.e2e.test`;
    await createMember(app.baseURL, { email, name: 'Long Address' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin/audit-log');
    const entry = page.getByRole('row').filter({ hasText: email }).first();
    await expect(entry).toContainText(`${ADMIN.email} created the user`);
    // Nothing is cut at the screen's edge: the table needs no sideways scrolling.
    const table = page.getByRole('table');
    const overflow = await table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(entry.getByRole('paragraph')).toBeInViewport({ ratio: 1 });
  });

  test.describe('where the day starts fourteen hours before UTC', () => {
    test.use({ timezoneId: 'Pacific/Kiritimati' });
    test('entries of today are found from today to today', async ({ page }) => {
      await signInAs(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/audit-log');
      const today = await page.evaluate(() => {
        const now = new Date();
        return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
      });
      await page.getByLabel('From').fill(today);
      await page.getByLabel('To').fill(today);
      await page.getByLabel('To').press('Enter');
      await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
      await expect(page.getByRole('row').nth(1)).toContainText(`${ADMIN.email} signed in`);
    });
  });

  test('two filters changed before the screen has drawn the first both stay', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log');
    const from = await page.getByLabel('From').elementHandle();
    const to = await page.getByLabel('To').elementHandle();
    // Both typed and left in one turn of the page's event loop, as a quick hand or a slow machine may do.
    await page.evaluate(
      ([first, second]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        for (const [input, value] of [
          [first, '03/02/2026'],
          [second, '03/04/2026'],
        ] as const) {
          setValue.call(input, value);
          input!.dispatchEvent(new Event('input', { bubbles: true }));
          input!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
        }
      },
      [from, to] as const,
    );
    await expect(page).toHaveURL(/from=2026-03-02/);
    await expect(page).toHaveURL(/to=2026-03-04/);
    await expect(page.getByLabel('From')).toHaveValue('03/02/2026');
  });

  test('a range whose To is before its From says that nothing can match', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log?from=2026-03-02&to=2026-03-02');
    // To takes its own day in: from a day to the same day is a range.
    await expect(page.getByLabel('To')).not.toHaveAttribute('aria-invalid');
    await page.getByLabel('From').fill('2026-03-03');
    await page.getByLabel('From').press('Enter');
    await expect(page.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveText('No day lies between these dates: nothing can match.');
  });

  test('a page past the last entry says so, rather than that nothing matches', async ({ page, app }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    await callApi(app.baseURL, admin, 'POST', '/api/auth/invites', {});
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log?page=999');
    await expect(page.getByText('This page is past the end of the list.')).toBeVisible();
    await expect(page.getByText('No entries match these filters.')).toHaveCount(0);
    await page.goto('/admin/invites?page=999');
    await expect(page.getByText('This page is past the end of the list.')).toBeVisible();
    // The inbox says which of its narrowings left nothing.
    await page.goto('/admin/messages?q=no-such-sender-anywhere');
    await expect(page.getByRole('status').filter({ hasText: 'Nothing matches this search.' })).toBeVisible();
    await page.goto('/admin/messages?q=no-such-sender-anywhere&status=archived');
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing matches this search and these filters.' }),
    ).toBeVisible();
  });

  test('in Greek, the entries read in Greek, their fields too', async ({ page, app }) => {
    const email = `greek-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Μέλος Προς Αποκλεισμό' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=${email}`);
    await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    await page
      .getByRole('region', { name: 'Actions on the selected rows' })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await page.getByRole('dialog', { name: 'Block' }).getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText('Block: done for 1.')).toBeVisible();
    // A status is a word of the product: it reads in Greek too.
    const auth = {
      'content-type': 'application/json',
      authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo')!).token)}`,
    };
    const title = `Γιορτή ${Date.now()}`;
    const event = await (
      await fetch(`${app.baseURL}/api/auth/events`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title, startsLocal: '2031-05-01T18:00', endsLocal: '2031-05-01T20:00' }),
      })
    ).json();
    await fetch(`${app.baseURL}/api/auth/events/${event._id}/publish`, { method: 'POST', headers: auth, body: '{}' });
    await page.goto('/admin/audit-log');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Αρχείο ενεργειών');
    await expect(page.getByText(`${ADMIN.email}: συνδέθηκε`).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `άλλαξε τον χρήστη ${email}` })).toContainText(
      `${ADMIN.email}: άλλαξε τον χρήστη ${email}: αποκλεισμένος: Όχι → Ναι`,
    );
    await expect(page.getByRole('row').filter({ hasText: title }).first()).toContainText('Πρόχειρη → Δημοσιευμένη');
  });
});

test.describe('[ADMIN][SESSIONS]', () => {
  test('a session ended from one browser is signed out at its next request', async ({ page, browser, app }) => {
    const email = `sessions-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Two Browsers' });
    const elsewhere = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
    const other = await elsewhere.newPage();
    await signInAs(other, email, 'member-password');

    await signInAs(page, email, 'member-password');
    // The account menu and the profile both lead to the sessions. The sign-in's toast, still
    // showing, lies clear of the header and of the menu it opens.
    await page.getByRole('button', { name: 'Two Browsers' }).click();
    const menu = (await page.getByRole('menu').boundingBox())!;
    const toast = (await page.locator('[data-sonner-toast]').boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(menu.y + menu.height);
    await page.getByRole('menuitem', { name: 'Sign-in and security' }).click();
    await expect(page).toHaveURL(/\/admin\/account\/security$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in and security');
    await page.goto('/admin/account/profile');
    await page.getByRole('link', { name: /Sign-in and security/ }).click();
    await expect(page).toHaveURL(/\/admin\/account\/security$/);
    const card = page.getByRole('region', { name: 'Where you are signed in' });
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await expectAccessible(page);
    await shoot(page, 'sessions-card');
    // By keyboard: the row goes with its button, and the focus to the card's title, not the page.
    await card.getByRole('button', { name: 'Sign out Firefox on Linux' }).press('Enter');
    await expect(page.getByText('Signed out there.')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Where you are signed in' })).toBeFocused();

    // The other browser still holds its token; its next request finds the session gone.
    await other.goto('/admin/account/profile');
    await expect(other).toHaveURL(/\/admin\/login/);
    // It says why, which a sign-out by the Logout button does not.
    const ended = 'Your sign-in has ended: it was signed out elsewhere or has expired. Please sign in again.';
    await expect(other.getByRole('status').filter({ hasText: ended })).toBeVisible();
    await signInAs(other, email, 'member-password');
    await logOut(other, 'Two Browsers');
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(other.getByText(ended)).toHaveCount(0);
    await elsewhere.close();
  });

  test('an administrator signs a person out everywhere from the users screen', async ({ page, browser, app }) => {
    const email = `everywhere-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Signed Out Everywhere' });
    const theirs = await browser.newContext();
    const member = await theirs.newPage();
    await signInAs(member, email, 'member-password');

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Sessions of Signed Out Everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessions of Signed Out Everywhere' });
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page);
    // Asked first: Cancel leaves the session be.
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    const question = page.getByRole('alertdialog', { name: 'Sign out everywhere' });
    await expect(question).toContainText(
      'Sign Signed Out Everywhere out of 1 session? They will have to sign in again.',
    );
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await question.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByText('Signed Out Everywhere was signed out of 1 session.')).toBeVisible();
    await expect(dialog.getByText('No sessions.')).toBeVisible();

    await member.reload();
    await expect(member).toHaveURL(/\/admin\/login/);
    await theirs.close();
  });
});
