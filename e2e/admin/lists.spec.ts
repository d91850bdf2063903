import fs from 'node:fs';
import { parseCsv } from '../../apps/server/src/test/parse-csv';
import { ADMIN, callApi, createMember, expect, giveSeededRole, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][LISTS]', () => {
  test('sorts by a header, filters with chips, acts on many users and exports what it shows', async ({ page, app }) => {
    const stamp = Date.now();
    const names = ['Charlie', 'alpha', 'Bravo'];
    for (const name of names)
      await createMember(app.baseURL, {
        email: `admin-${name.toLowerCase()}-${stamp}@e2e.test`,
        name: `${name} ${stamp}`,
      });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    const table = page.getByRole('table');
    const nameHeader = table.getByRole('columnheader', { name: 'Name' });
    await expect(table.getByRole('columnheader', { name: 'Joined Date' })).toHaveAttribute('aria-sort', 'descending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    // Search, then sort by name: both kept in the URL.
    await page.getByRole('searchbox').fill(String(stamp));
    await page.getByRole('searchbox').press('Enter');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(new RegExp(`q=${stamp}.*sort=name|sort=name.*q=${stamp}`));
    const nameCells = table.locator('tbody tr td:nth-child(3)');
    await expect(nameCells).toHaveText([`alpha ${stamp}`, `Bravo ${stamp}`, `Charlie ${stamp}`]);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(nameCells).toHaveText([`Charlie ${stamp}`, `Bravo ${stamp}`, `alpha ${stamp}`]);
    // A shared link shows the same rows in the same order.
    await page.reload();
    await expect(nameCells).toHaveText([`Charlie ${stamp}`, `Bravo ${stamp}`, `alpha ${stamp}`]);
    await expect(page.getByRole('searchbox')).toHaveValue(String(stamp));

    // Shift with a click ticks every row from the last one ticked to this one; Shift+Space from
    // the keyboard does the same, here unticking them again.
    const boxOf = (who: string) => page.getByRole('checkbox', { name: `Select admin-${who}-${stamp}@e2e.test` });
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await boxOf('charlie').check();
    await boxOf('alpha').click({ modifiers: ['Shift'] });
    await expect(boxOf('bravo')).toBeChecked();
    await expect(boxOf('alpha')).toBeChecked();
    await expect(bar.getByText('Selected: 3')).toBeVisible();
    await boxOf('charlie').focus();
    await page.keyboard.press('Shift+Space');
    await expect(boxOf('charlie')).not.toBeChecked();
    await expect(boxOf('bravo')).not.toBeChecked();
    await expect(boxOf('alpha')).not.toBeChecked();
    await expect(bar).toBeHidden();

    // Bulk block: the administrator's own account is refused, the others are blocked. The
    // members' addresses start with "admin", so one search shows them with the administrator.
    await page.getByRole('searchbox').fill('admin');
    await page.getByRole('searchbox').press('Enter');
    await page.getByRole('checkbox', { name: `Select ${ADMIN.email}` }).check();
    await page.getByRole('checkbox', { name: `Select admin-alpha-${stamp}@e2e.test` }).check();
    await page.getByRole('checkbox', { name: `Select admin-bravo-${stamp}@e2e.test` }).check();
    await expect(bar.getByText('Selected: 3')).toBeVisible();
    // Three rows of the page, not all: the header's box is half-ticked.
    const pageBox = page.getByRole('checkbox', { name: 'Select all on this page' });
    expect(await pageBox.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await expectAccessible(page);
    await shoot(page, 'users-bulk');
    await bar.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Block' });
    await expect(confirm.getByText(/^Block: 3 selected\./)).toBeVisible();
    await confirm.getByRole('button', { name: 'Block' }).click();
    const outcome = page.getByRole('dialog', { name: 'Not every row was changed' });
    await expect(outcome.getByText('Block: done for 2, not done for 1:')).toBeVisible();
    await expect(outcome.getByRole('listitem')).toHaveText(`${ADMIN.email}: You cannot block your own account.`);
    await shoot(page, 'users-bulk-outcome');
    await outcome.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toBeHidden();
    // The bar that opened it is gone: the keyboard goes on from the list's title, not the page's top.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // Giving a role asks which, with none chosen beforehand (the first role listed is Admin).
    await page.getByRole('checkbox', { name: `Select admin-charlie-${stamp}@e2e.test` }).check();
    await bar.getByRole('button', { name: 'Give a role' }).click();
    const give = page.getByRole('dialog', { name: 'Give a role' });
    await expect(give.getByLabel('Role')).toHaveValue('');
    await expect(give.getByRole('button', { name: 'Give a role' })).toBeDisabled();
    await give.getByLabel('Role').selectOption({ label: 'User' });
    await expect(give.getByRole('button', { name: 'Give a role' })).toBeEnabled();
    await give.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('checkbox', { name: `Select admin-charlie-${stamp}@e2e.test` }).uncheck();
    await expect(bar).toBeHidden();

    // Filter by blocked within this test's members: a chip shows it, and clearing the chip brings
    // the others back.
    await page.getByRole('searchbox').fill(String(stamp));
    await page.getByRole('searchbox').press('Enter');
    await expect(table.getByText(`admin-charlie-${stamp}@e2e.test`)).toBeVisible();
    // Until the filtered page arrives, the last one stays on screen, dimmed and busy, and none of
    // its rows can be chosen, nor stays chosen: a bulk action must not reach rows the filter
    // leaves out. The new page starts with none chosen, even a row it shows again.
    const charlieBox = page.getByRole('checkbox', { name: `Select admin-charlie-${stamp}@e2e.test` });
    const alphaBox = page.getByRole('checkbox', { name: `Select admin-alpha-${stamp}@e2e.test` });
    await charlieBox.check();
    await alphaBox.check();
    await expect(bar.getByText('Selected: 2')).toBeVisible();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const filtered = /\/api\/auth\/users\?.*blocked=true/;
    await page.route(filtered, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Blocked').selectOption('true');
    await expect(page).toHaveURL(/blocked=true/);
    await expect(page.locator('[aria-busy="true"]').getByRole('table')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
    await expect(charlieBox).toBeDisabled();
    await expect(charlieBox).not.toBeChecked();
    await expect(bar).toBeHidden();
    await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeDisabled();
    release();
    await expect(charlieBox).toBeHidden();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(alphaBox).toBeEnabled();
    await expect(alphaBox).not.toBeChecked();
    await expect(bar).toBeHidden();
    const chip = page.getByRole('button', { name: 'Remove the filter Blocked: Yes' });
    await expect(chip).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(table.getByText(`admin-alpha-${stamp}@e2e.test`)).toBeVisible();
    await expect(table.getByText(`admin-charlie-${stamp}@e2e.test`)).toBeHidden();
    await expectAccessible(page);
    await shoot(page, 'users-filtered');

    // The export holds what the list shows: the blocked two, with their roles.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    expect(header).toEqual(['id', 'joined', 'name', 'email', 'confirmed', 'blocked', 'roles', 'language']);
    expect(rows.map((row) => row[3]).sort()).toEqual([
      `admin-alpha-${stamp}@e2e.test`,
      `admin-bravo-${stamp}@e2e.test`,
    ]);
    expect(rows.every((row) => row[5] === 'true')).toBe(true);

    await chip.click();
    await expect(chip).toBeHidden();
    await expect(page).not.toHaveURL(/blocked=/);
    await expect(table.getByText(`admin-charlie-${stamp}@e2e.test`)).toBeVisible();
    // The back button brings the filter back.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Remove the filter Blocked: Yes' })).toBeVisible();
  });
});

test.describe('[ADMIN][LISTS] members', () => {
  test('the home card of members leads to the users it counts, blocked ones left out', async ({ page, app }) => {
    const stamp = Date.now();
    const blocked = await createMember(app.baseURL, { email: `blocked-${stamp}@e2e.test`, name: `Blocked ${stamp}` });
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    await callApi(app.baseURL, token, 'POST', '/api/auth/users/bulk', { ids: [blocked._id], action: 'block' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'Members' });
    await expect(card.getByText('Confirmed accounts that are not blocked.')).toBeVisible();
    const figure = await card.getByRole('paragraph').first().textContent();
    const counted = Number(/^\d+/.exec(figure ?? '')?.[0]);
    expect(counted).toBeGreaterThan(0);
    await card.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users\?confirmed=true&blocked=false$/);
    await expect(page.getByRole('heading', { name: `Users (${counted})` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove the filter Blocked: No' })).toBeVisible();
    // Every account, the blocked one too, is one filter chip away.
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page.getByRole('heading', { name: /^Users \(\d+\)$/ })).not.toHaveText(`Users (${counted})`);
  });
});

test.describe('[ADMIN][LISTS] roles', () => {
  test('accounts that hold no role are one filter away', async ({ page, app }) => {
    const stamp = Date.now();
    const holder = await createMember(app.baseURL, { email: `holder-${stamp}@e2e.test`, name: `Holder ${stamp}` });
    await giveSeededRole(app.baseURL, holder._id, 'user');
    await createMember(app.baseURL, { email: `roleless-${stamp}@e2e.test`, name: `Roleless ${stamp}` });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=${stamp}`);
    const table = page.getByRole('table');
    await expect(table.getByText(`holder-${stamp}@e2e.test`)).toBeVisible();
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'No role' });
    await expect(page).toHaveURL(/role=none/);
    await expect(page.getByRole('button', { name: 'Remove the filter Role: No role' })).toBeVisible();
    await expect(table.getByText(`roleless-${stamp}@e2e.test`)).toBeVisible();
    await expect(table.getByText(`holder-${stamp}@e2e.test`)).toBeHidden();
    // Back clears the filter; a sort chosen then sorts the list as it is shown, without it.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Remove the filter Role: No role' })).toHaveCount(0);
    await table.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).not.toHaveURL(/role=/);
    await expect(table.getByText(`holder-${stamp}@e2e.test`)).toBeVisible();
  });
});

test.describe('[ADMIN][LISTS] join dates', () => {
  test('a range that leaves no day says so under its end, in both languages', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    // "Joined before" leaves its own day out: the same day on both ends leaves none.
    await page.goto('/admin/users?joinedFrom=2026-03-02&joinedTo=2026-03-02');
    const before = page.getByLabel('Joined before', { exact: true });
    await expect(before).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toHaveText('No day lies between these dates: nothing can match.');
    await expect(page.getByLabel('Joined from', { exact: true })).not.toHaveAttribute('aria-invalid');
    await expectAccessible(page);
    await before.fill('03/03/2026');
    await before.press('Enter');
    await expect(before).not.toHaveAttribute('aria-invalid');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    const from = page.getByLabel('Εγγραφή από', { exact: true });
    await from.fill('04/03/2026');
    await from.press('Tab');
    await expect(page).toHaveURL(/joinedFrom=2026-03-04/);
    await expect(page.getByRole('alert')).toHaveText(
      'Δεν υπάρχει καμία ημέρα ανάμεσα σε αυτές τις ημερομηνίες· δεν θα βρεθεί τίποτα.',
    );
  });

  test("dates are typed in the screen language's order, whatever the browser's", async ({ page }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    // An English screen writes the month first; the browser's own control would follow its locale.
    const from = page.getByLabel('Joined from', { exact: true });
    await expect(from).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await expect(from).toHaveAccessibleDescription('Format: MM/DD/YYYY');
    await from.fill('3/2/2026');
    await from.press('Enter');
    await expect(page).toHaveURL(/joinedFrom=2026-03-02/);
    await expect(from).toHaveValue('03/02/2026');
    await expect(page.getByRole('button', { name: 'Remove the filter Joined from: Mar 2, 2026' })).toBeVisible();

    // The same day on a Greek screen: day first.
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    const greekFrom = page.getByLabel('Εγγραφή από', { exact: true });
    await expect(greekFrom).toHaveValue('02/03/2026');
    // A joining is written as every list writes a moment, on the 24-hour clock as an event's time
    // is: "30 Νοε 2026, 17:05", not "30 Νοεμβρίου 2026 στις 5:05 μ.μ.".
    const joined = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').nth(1);
    await expect(joined).toHaveText(/^\d{1,2} \S+ \d{4}, \d{2}:\d{2}$/);
    const before = page.getByLabel('Εγγραφή πριν από', { exact: true });
    await expect(before).toHaveAttribute('placeholder', 'ΗΗ/ΜΜ/ΕΕΕΕ');

    // No such day: the text stays, the list is not filtered, and the field says how to write it.
    await before.fill('31/02/2026');
    await before.press('Tab');
    await expect(before).toHaveAttribute('aria-invalid', 'true');
    await expect(before).toHaveValue('31/02/2026');
    await expect(page.getByRole('alert')).toHaveText(
      /^Γράψτε την ημερομηνία ως ΗΗ\/ΜΜ\/ΕΕΕΕ, π\.χ\. \d{2}\/\d{2}\/\d{4}\.$/,
    );
    await expect(page).not.toHaveURL(/joinedTo=/);
    await expectAccessible(page);
    await shoot(page, 'date-field-error');

    // Two digits of year, one of day and month.
    await before.fill('1/4/26');
    await before.press('Enter');
    await expect(page).toHaveURL(/joinedTo=2026-04-01/);
    await expect(before).toHaveValue('01/04/2026');
    await expect(before).not.toHaveAttribute('aria-invalid');

    // The browser's calendar, a button away, fills the same field.
    await page.getByRole('button', { name: 'Άνοιγμα ημερολογίου' }).first().click();
    await page.keyboard.press('Escape');
    await page.locator('input[type="date"]').first().fill('2026-05-06');
    await expect(page).toHaveURL(/joinedFrom=2026-05-06/);
    await expect(greekFrom).toHaveValue('06/05/2026');

    // A cleared chip empties its field.
    await page.getByRole('button', { name: /^Αφαίρεση του φίλτρου Εγγραφή από/ }).click();
    await expect(greekFrom).toHaveValue('');
    await expect(page).not.toHaveURL(/joinedFrom=/);

    // A whole date applies as it is typed, without Enter; the year 20 on the way to 2026 does not.
    const applied: string[] = [];
    page.on('framenavigated', (frame) => {
      const joinedFrom = new URL(frame.url()).searchParams.get('joinedFrom');
      if (frame === page.mainFrame() && joinedFrom) applied.push(joinedFrom);
    });
    await greekFrom.pressSequentially('7/5/2026');
    await expect(page).toHaveURL(/joinedFrom=2026-05-07/);
    await expect(greekFrom).toHaveValue('07/05/2026');
    await expect(greekFrom).toBeFocused();
    expect(applied).toEqual(['2026-05-07']);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('[ADMIN][INVITES] list', () => {
  test('sorts by expiry, filters by status and revokes several at once', async ({ page, app }) => {
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const stamp = Date.now();
    for (const [i, hours] of [3, 1, 2].entries())
      await callApi(app.baseURL, token, 'POST', '/api/auth/invites', { email: `invitee${i}-${stamp}@e2e.test`, hours });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/invites');
    const table = page.getByRole('table');
    const expires = table.getByRole('columnheader', { name: 'Expires' });
    await expires.getByRole('button').click();
    await expect(expires).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=expiresAt/);
    const emails = table.locator('tbody tr td:nth-child(3)');
    // Other tests' invites may sit among these: the order of this test's three is what counts.
    const order = async () => {
      const texts = await emails.allTextContents();
      return [1, 2, 0].map((i) => texts.findIndex((text) => text.includes(`invitee${i}-${stamp}@`)));
    };
    await expect
      .poll(async () => {
        const [first, second, third] = await order();
        return first >= 0 && first < second && second < third;
      })
      .toBe(true);

    await page.getByRole('checkbox', { name: `Select invitee1-${stamp}@e2e.test` }).check();
    await page.getByRole('checkbox', { name: `Select invitee2-${stamp}@e2e.test` }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await bar.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Revoke: done for 2.')).toBeVisible();
    // With the list's foot at the bottom of the window, the toast leaves its pager free.
    const pager = ['Prev', 'Next'].map((name) => page.getByRole('button', { name, exact: true }));
    const next = (await pager[1]!.boundingBox())!;
    await page.setViewportSize({ width: 1280, height: Math.ceil(next.y + next.height + 8) });
    const toast = page
      .getByRole('region', { name: /^Alerts/ })
      .getByRole('listitem')
      .first();
    const toastBox = (await toast.boundingBox())!;
    for (const button of pager) {
      const box = (await button.boundingBox())!;
      const apart =
        box.x + box.width <= toastBox.x ||
        toastBox.x + toastBox.width <= box.x ||
        box.y + box.height <= toastBox.y ||
        toastBox.y + toastBox.height <= box.y;
      expect(apart, 'the toast covers the pager').toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByLabel('Status').selectOption('revoked');
    await expect(page.getByRole('button', { name: 'Remove the filter Status: Revoked' })).toBeVisible();
    await expect(table.getByText(`invitee1-${stamp}@e2e.test`)).toBeVisible();
    await expect(table.getByText(`invitee2-${stamp}@e2e.test`)).toBeVisible();
    await expect(table.getByText(`invitee0-${stamp}@e2e.test`)).toBeHidden();
    await expect(table.getByText('Not used', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'invites-revoked');
  });
});
