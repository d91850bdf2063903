import type { Locator } from '@playwright/test';
import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';
import { textLines } from './text-lines';

/** The words of a cell's text that the layout split across lines. */
const splitWords = (cell: Locator) =>
  cell.evaluate((element) => {
    const text = element.firstChild!;
    const range = document.createRange();
    let offset = 0;
    const split = [];
    for (const word of text.textContent!.split(' ')) {
      range.setStart(text, offset);
      range.setEnd(text, offset + word.length);
      if (new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1) split.push(word);
      offset += word.length + 1;
    }
    return split;
  });

test.describe('[ADMIN][USERS]', () => {
  test('lists, creates, edits, searches and deletes users', async ({ page, app }) => {
    const stamp = Date.now();
    for (let i = 0; i < 26; i++)
      await createMember(app.baseURL, { email: `bulk-${stamp}-${i}@e2e.test`, name: `Bulk ${i}` });
    await signInAs(page, ADMIN.email, ADMIN.password);

    // The admin's menu comes from the server, grouped, with the account group last.
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByText('General')).toBeVisible();
    await expect(menu.getByText('Access')).toBeVisible();
    await menu.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    const heading = page.getByRole('heading', { level: 1 });
    // The title shows (0) until the first page has arrived.
    await expect(page.getByText(/^1 - 25 of \d+$/).first()).toBeVisible();
    await expect(heading).toHaveText(/^Users \(\d+\)$/);
    const total = Number((await heading.textContent())!.match(/\((\d+)\)/)![1]);
    await expect(page.getByText(`1 - 25 of ${total}`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).first().click();
    // Other tests of this server may have added users: page 2 ends at 50 or at the last.
    await expect(page.getByText(`26 - ${Math.min(total, 50)} of ${total}`).first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'users');
    // The pagers above and below the list are two landmarks, each named apart.
    await expect(page.getByRole('navigation', { name: 'Pagination', exact: true })).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pagination, end of the list' })).toHaveCount(1);

    // Create, with the form's validation first.
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post User' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByText(/^A new user has no role yet: give one under User Roles/)).toBeVisible();
    const email = `created-${stamp}@e2e.test`;
    await dialog.getByLabel('Name').fill('Ελένη Παπαδοπούλου');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret1');
    await dialog.getByLabel('Confirm Password').fill('secret2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The passwords do not match')).toBeVisible();
    await dialog.getByLabel('Confirm Password').fill('secret1');
    await expectAccessible(page);
    await shoot(page, 'users-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(heading).toHaveText(`Users (${total + 1})`);

    // Search goes back to page 1 and finds the new user.
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 - 1 of 1').first()).toBeVisible();
    const row = page.getByRole('row', { name: /Ελένη Παπαδοπούλου/ });
    await expect(row.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);

    // Edit: the modal opens with the row's data; the server's sentence shows on a conflict.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Name')).toHaveValue('Ελένη Παπαδοπούλου');
    await edit.getByLabel('Email').fill(ADMIN.email);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert').filter({ hasText: 'A user with this email already exists.' })).toBeVisible();
    await edit.getByLabel('Email').fill(email);
    await edit.getByLabel('Name').fill('Ελένη Π.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Ελένη Π\./ })).toBeVisible();

    // Delete asks first; from the keyboard, a No gives the focus back to the row's Delete.
    const deleteButton = page.getByRole('row', { name: /Ελένη Π\./ }).getByRole('button', { name: 'Delete' });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('You want to delete this?')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(page.getByRole('row', { name: /Ελένη Π\./ })).toBeVisible();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Yes, Delete it!' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('User deleted successfully.')).toBeVisible();
    await expect(page.getByText('0 - 0 of 0').first()).toBeVisible();
    // The row is gone: the focus is on the title, which tells the new count.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a long name or address without spaces wraps, and the row keeps its actions in view', async ({ page, app }) => {
    const stamp = Date.now();
    const email = `${'a-very-long-local-part'.repeat(2)}-${stamp}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Μακρύόνομαχωρίςκενά'.repeat(5) });
    await createMember(app.baseURL, {
      email: `${'another-long-local-part'.repeat(2)}-${stamp}@e2e.test`,
      name: 'Αικατερίνη Κωνσταντινοπούλου Παπαδοπούλου',
    });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=${stamp}`);
    const row = page.getByRole('row', { name: new RegExp(`a-very-long-local-part-${stamp}`) });
    await expect(row.getByRole('button', { name: 'Edit' })).toBeInViewport();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport();
    const table = page.getByRole('table');
    const [tableWidth, boxWidth] = await table.evaluate((element) => [
      element.scrollWidth,
      element.parentElement!.clientWidth,
    ]);
    expect(tableWidth).toBeLessThanOrEqual(boxWidth);
    // The address breaks after its @, not inside its domain.
    const addressLines = await textLines(row.getByRole('link', { name: email }));
    expect(addressLines.at(-1)).toMatch(/(^|@)e2e\.test$/);
    // A name of words keeps each word whole beside it, however the columns share the width.
    const named = page.getByRole('row', { name: /Κωνσταντινοπούλου/ });
    expect(await splitWords(named.getByRole('cell').nth(2))).toEqual([]);
    // However narrow its column gets: only a run of letters no name has breaks between them.
    const wrapOf = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element).overflowWrap);
    expect(await wrapOf(named.getByRole('cell').nth(2))).toBe('break-word');
    expect(await wrapOf(row.getByRole('cell').nth(2))).toBe('anywhere');
    // On a phone the table scrolls sideways rather than break a date between its letters.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await splitWords(row.getByRole('cell').nth(1))).toEqual([]);
    const scrolls = await table.evaluate((element) => element.scrollWidth > element.parentElement!.clientWidth);
    expect(scrolls).toBe(true);
    // Yet the row's buttons stay in view, pinned to the right edge over the columns under them.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    // Its edge and shadow, drawn beside it (a sticking cell leaves its own border behind), show
    // that the text cut there goes on under it.
    const edge = await row
      .getByRole('cell')
      .last()
      .evaluate((cell) => {
        const mark = getComputedStyle(cell, '::before');
        return { position: mark.position, width: mark.width, line: mark.borderRightWidth, shade: mark.backgroundImage };
      });
    expect(edge).toMatchObject({
      position: 'absolute',
      width: '8px',
      line: '1px',
      shade: expect.stringMatching(/gradient/),
    });
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await page.keyboard.press('Escape');

    // An empty page says why.
    await page.goto(`/admin/users?q=${stamp}&page=3`);
    await expect(page.getByText('This page is past the end of the list.')).toBeVisible();
    await page.goto(`/admin/users?q=no-one-${stamp}`);
    await expect(page.getByText('Nothing matches this search.')).toBeVisible();
    await page.goto('/admin/users?joinedFrom=2999-01-01');
    await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  });

  test('a form dialog opens on its first field and gives the focus back to what opened it', async ({ page, app }) => {
    const stamp = Date.now();
    await createMember(app.baseURL, { email: `focus-${stamp}@e2e.test`, name: `Focus ${stamp}` });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    const add = page.getByRole('button', { name: 'Add New User' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Post User' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
    // Typed into, it asks first; its changes discarded, the focus still goes back to Add New.
    await add.click();
    await dialog.getByLabel('Name', { exact: true }).fill('Half typed');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.goto(`/admin/users?q=focus-${stamp}`);
    const edit = page.getByRole('row', { name: new RegExp(String(stamp)) }).getByRole('button', { name: 'Edit' });
    await edit.click();
    await page.getByRole('dialog', { name: 'Edit User' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeFocused();
  });

  test('a row that leaves the filtered list leaves the focus on the title, not the page', async ({ page, app }) => {
    const stamp = Date.now();
    for (const who of ['one', 'two', 'three'])
      await createMember(app.baseURL, { email: `leaving-${who}-${stamp}@e2e.test`, name: `Leaving ${who} ${stamp}` });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=leaving-&blocked=false`);
    await page.getByRole('searchbox').fill(`${stamp}`);
    await page.getByRole('searchbox').press('Enter');
    const rows = page.getByRole('row').filter({ hasText: String(stamp) });
    await expect(rows).toHaveCount(3);
    const title = page.getByRole('heading', { level: 1 });

    // Edited to blocked, a member leaves the list of those not blocked, and the Edit button the
    // dialog gave the focus back to goes with it.
    await rows.filter({ hasText: 'leaving-one' }).getByRole('button', { name: 'Edit' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByRole('switch', { name: 'Blocked' }).click();
    await dialog.getByRole('button', { name: 'Save' }).press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(title).toBeFocused();

    // The same when a bulk action takes rows away.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await bar.getByRole('button', { name: 'Block', exact: true }).press('Enter');
    await page.getByRole('dialog', { name: 'Block' }).getByRole('button', { name: 'Block' }).press('Enter');
    await expect(page.getByText('Nothing matches this search and these filters.')).toBeVisible();
    await expect(title).toBeFocused();
  });

  test('a form opened before another administrator saved does not undo their block', async ({ page, app }) => {
    const email = `stale-${Date.now()}@e2e.test`;
    const member = await createMember(app.baseURL, { email, name: 'Stale Form' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByRole('switch', { name: 'Blocked' })).not.toBeChecked();

    // Meanwhile another administrator blocks the member.
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    await callApi(app.baseURL, token, 'PUT', `/api/auth/users/${member._id}`, {
      name: 'Stale Form',
      email,
      blocked: true,
    });
    await dialog.getByLabel('Name').fill('Renamed On A Stale Form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText(
        'Someone else saved a change here after you opened it. Open it again to see their change, then make yours.',
      ),
    ).toBeVisible();
    await shoot(page, 'users-changed-meanwhile');
    const stored = async () =>
      await callApi<{ name: string; blocked: boolean }>(app.baseURL, token, 'GET', `/api/auth/users/${member._id}`);
    expect(await stored()).toMatchObject({ name: 'Stale Form', blocked: true });

    // Opened again, the form shows the block, and the rename keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    await expect(dialog.getByRole('switch', { name: 'Blocked' })).toBeChecked();
    await dialog.getByLabel('Name').fill('Renamed On A Fresh Form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully.')).toBeVisible();
    expect(await stored()).toMatchObject({ name: 'Renamed On A Fresh Form', blocked: true });
  });

  test('one’s own row offers no Delete the server would refuse, and says why', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
    const own = page.getByRole('row').filter({ hasText: ADMIN.email });
    const remove = own.getByRole('button', { name: `Delete ${ADMIN.email}` });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute('title', 'You cannot delete your own account.');
    // A bare icon says what it does on hover too, as the row's other icons do.
    const edit = own.getByRole('button', { name: `Edit ${ADMIN.email}` });
    await expect(edit).toHaveAttribute('title', `Edit ${ADMIN.email}`);
  });

  test('a plain member sees the list refused in place of the table', async ({ page, app }) => {
    const email = `member-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, password: 'member-password' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/users');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // No count is made up for a list that could not be read, nor offered what it cannot do.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
    for (const control of ['Add New User', 'Export CSV'])
      await expect(page.getByRole('button', { name: control })).toHaveCount(0);
    await expect(page.getByRole('search')).toHaveCount(0);
  });
});
