import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][ACCESS]', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
  });

  test('client permissions: create, edit, search and delete a menu entry', async ({ page }) => {
    await page.goto('/admin/client-permissions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Client Permissions \(\d+\)$/);
    await page.getByRole('button', { name: 'Add New Client Permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Client Permission' });
    await dialog.getByLabel('Path').fill('no-slash');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Path must start with /')).toBeVisible();
    await dialog.getByLabel('Name').fill('Newsletter');
    await dialog.getByLabel('Menu', { exact: true }).fill('content');
    await dialog.getByLabel('Menu order').fill('30');
    await dialog.getByLabel('Path').fill('/newsletter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Client permission created successfully.')).toBeVisible();
    // The menu shows each change at once, without a reload.
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Newsletter', exact: true })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Newsletter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 - 1 of 1').first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'client-permissions');
    await page
      .getByRole('row', { name: /Newsletter/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByRole('dialog', { name: 'Edit Client Permission' }).getByLabel('Name').fill('Newsletters');
    await page.getByRole('dialog', { name: 'Edit Client Permission' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Client permission updated successfully.')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Newsletters', exact: true })).toBeVisible();
    await page
      .getByRole('row', { name: /Newsletters/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Client permission deleted successfully.')).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Newsletter/ })).toHaveCount(0);
  });

  test('permissions: reinitiate reports what it added, and the form warns before opening a write route', async ({
    page,
  }) => {
    await page.goto('/admin/permissions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Permissions \(\d+\)$/);
    await page.getByRole('button', { name: 'Reinitiate Permissions' }).click();
    await expect(page.getByText('Permissions Sync Completed. 0 new permissions added.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'permissions');

    // The installed permissions fill three pages, turned by keyboard: on the last one Next can do
    // no more, and the keyboard goes on from Previous.
    await expect(page.getByText(/^1 - 25 of \d+$/).first()).toBeVisible();
    const endPager = page.getByRole('navigation', { name: 'Pagination, end of the list' });
    await endPager.getByRole('button', { name: 'Next page' }).press('Enter');
    await expect(endPager.getByText(/^26 - 50 of \d+$/)).toBeVisible();
    await expect(endPager.getByRole('button', { name: 'Next page' })).toBeFocused();
    await endPager.getByRole('button', { name: 'Next page' }).press('Enter');
    await expect(endPager.getByText(/^51 - \d+ of \d+$/)).toBeVisible();
    await expect(endPager.getByRole('button', { name: 'Previous page' })).toBeFocused();
    // From a page past the end, back is the last page.
    const lastPage = new URL(page.url()).searchParams.get('page');
    await page.goto('/admin/permissions?page=9');
    await expect(page.getByText('This page is past the end of the list.')).toBeVisible();
    await endPager.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));

    await page.getByRole('button', { name: 'Add New Permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Permission' });
    await dialog.getByLabel('Method').selectOption('POST');
    await dialog.getByRole('switch', { name: 'Requires sign-in' }).click();
    await expect(dialog.getByText('Anyone, signed in or not, will be able to call this route')).toBeVisible();
    await dialog.getByRole('switch', { name: 'Requires sign-in' }).click();
    await dialog.getByLabel('Name').fill('Export members');
    await dialog.getByLabel('Route', { exact: true }).fill('/api/auth/export');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permission created successfully.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('Export members');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /Export members/ });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Permission' });
    await expect(edit.getByLabel('Method')).toHaveValue('POST');
    await edit.getByLabel('Method').selectOption('GET');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permission updated successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Export members/ })).toContainText('GET');
    await page
      .getByRole('row', { name: /Export members/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Permission deleted successfully.')).toBeVisible();
    await expect(page.getByText('0 - 0 of 0').first()).toBeVisible();
  });

  test('names the product installed read in Greek on Greek screens and are saved as stored; typed ones as typed', async ({
    page,
    app,
  }) => {
    const stamp = Date.now();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    type Named = { _id: string; name: string; route: string; method: string; auth: boolean };
    const auditPermissions = async () =>
      (await callApi<{ data: Named[] }>(app.baseURL, token, 'GET', '/api/auth/permissions?q=audit-log&limit=100')).data;
    const own = await callApi<Named>(app.baseURL, token, 'POST', '/api/auth/permissions', {
      name: `Audit feed ${stamp}`,
      method: 'GET',
      route: `/api/auth/audit-log/feed-${stamp}`,
    });

    await page.goto('/admin/permissions?q=audit-log');
    await expect(page.getByRole('cell', { name: 'The audit log', exact: true })).toBeVisible();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await expect(page.getByRole('cell', { name: 'Το αρχείο ενεργειών', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Το αρχείο ενεργειών σε CSV', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: `Audit feed ${stamp}`, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'The audit log', exact: true })).toHaveCount(0);
    await shoot(page, 'permissions-greek');
    // Left as shown, a seeded name is saved as stored, so English screens keep their own.
    await page.getByRole('button', { name: 'Επεξεργασία Το αρχείο ενεργειών', exact: true }).click();
    const permission = page.getByRole('dialog', { name: 'Επεξεργασία δικαιώματος' });
    await expect(permission.getByLabel('Όνομα')).toHaveValue('Το αρχείο ενεργειών');
    await permission.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(permission).toBeHidden();
    // Changed, it is saved and shown as typed.
    await page.getByRole('button', { name: 'Επεξεργασία Το αρχείο ενεργειών σε CSV', exact: true }).click();
    await permission.getByLabel('Όνομα').fill('Εξαγωγή ενεργειών');
    await permission.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(permission).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Εξαγωγή ενεργειών', exact: true })).toBeVisible();
    const saved = await auditPermissions();
    expect(saved.find((row) => row.route === '/api/auth/audit-log')?.name).toBe('The audit log');
    const csv = saved.find((row) => row.route === '/api/auth/audit-log/export.csv')!;
    expect(csv.name).toBe('Εξαγωγή ενεργειών');
    await callApi(app.baseURL, token, 'PUT', `/api/auth/permissions/${csv._id}`, {
      name: 'The audit log as CSV',
      method: csv.method,
      route: csv.route,
      auth: csv.auth,
    });
    await callApi(app.baseURL, token, 'DELETE', `/api/auth/permissions/${own._id}`);

    await page.goto('/admin/client-permissions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Δικαιώματα μενού \(\d+\)$/);
    for (const name of ['Αρχική', 'Χρήστες', 'Ρόλοι', 'Αρχείο ενεργειών', 'Επεξεργασία προφίλ']) {
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('cell', { name: 'Users', exact: true })).toHaveCount(0);
    await shoot(page, 'client-permissions-greek');
    await page.getByRole('button', { name: 'Επεξεργασία Χρήστες', exact: true }).click();
    const entry = page.getByRole('dialog', { name: 'Επεξεργασία δικαιώματος μενού' });
    await expect(entry.getByLabel('Όνομα')).toHaveValue('Χρήστες');
    await entry.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(entry).toBeHidden();
    const entries = await callApi<{ data: Named[] }>(
      app.baseURL,
      token,
      'GET',
      '/api/auth/client-permissions?limit=100',
    );
    expect(entries.data.filter((row) => row.name === 'Users')).toHaveLength(1);

    // A role's menu entries, picked or to pick, read as the lists do.
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Επεξεργασία User', exact: true }).click();
    const role = page.getByRole('dialog', { name: 'Επεξεργασία ρόλου' });
    const picked = role.getByRole('list', { name: 'Δικαιώματα μενού' });
    await expect(picked).toContainText('Αρχική (/)');
    await expect(picked).toContainText('Επεξεργασία προφίλ (');
    await role.getByRole('combobox', { name: /^Δικαιώματα μενού/ }).fill('Users');
    await expect(role.getByRole('option', { name: 'Χρήστες (/users)' })).toBeVisible();
    // The first Escape closes the choices, the second the dialog (nothing was changed).
    await page.keyboard.press('Escape');
    await expect(role.getByRole('option', { name: 'Χρήστες (/users)' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(role).toBeHidden();

    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: 'English' }).click();
    await page.goto('/admin/client-permissions');
    await expect(page.getByRole('cell', { name: 'Users', exact: true })).toBeVisible();
    await page.goto('/admin/permissions?q=audit-log');
    await expect(page.getByRole('cell', { name: 'The audit log', exact: true })).toBeVisible();
  });

  test('a Greek screen finds and sorts the installed names by the Greek it shows', async ({ page }) => {
    await page.goto('/admin/permissions');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    // Typed without accents, as people type.
    await page.goto(`/admin/permissions?q=${encodeURIComponent('χρηστων')}`);
    await expect(page.getByRole('cell', { name: 'Λίστα χρηστών', exact: true })).toBeVisible();

    await page.goto('/admin/permissions');
    const table = page.getByRole('table');
    const nameHeader = table.getByRole('columnheader', { name: 'Όνομα' });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=name/);
    const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    const initials = (await table.locator('tbody tr td:nth-child(1)').allTextContents())
      .map((name) => fold(name)[0]!)
      .filter((initial) => /\p{Script=Greek}/u.test(initial));
    expect(initials.length).toBeGreaterThan(10);
    expect(initials).toEqual([...initials].sort());
    await shoot(page, 'permissions-greek-sorted');

    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Επεξεργασία User', exact: true }).click();
    const role = page.getByRole('dialog', { name: 'Επεξεργασία ρόλου' });
    await role.getByRole('combobox', { name: /^Δικαιώματα μενού/ }).fill('αρχειο ενεργ');
    await expect(role.getByRole('option', { name: /^Αρχείο ενεργειών/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(role).toBeHidden();
  });

  test('user roles: give a member a role, then take it back', async ({ page, app }) => {
    const email = `role-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Role Taker' });
    await page.goto('/admin/user-roles');
    await page.getByRole('button', { name: 'Add New UserRole' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post UserRole' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('User is required')).toBeVisible();
    // Both pickers search the server as one types; arrows and Enter pick.
    await dialog.getByRole('combobox', { name: 'User' }).fill(email.slice(0, 12));
    await expect(dialog.getByRole('option', { name: new RegExp(email) })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'User' }).press('Enter');
    await expect(dialog.getByText(`Role Taker <${email}>`)).toBeVisible();
    // Before anything is typed, the down arrow lists the first roles, the first one active.
    const role = dialog.getByRole('combobox', { name: 'Role' });
    await role.focus();
    await expect(dialog.getByRole('listbox', { name: 'Role' })).toBeHidden();
    await role.press('ArrowDown');
    await expect(dialog.getByRole('option', { name: 'Guest', exact: true })).toBeVisible();
    await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await role.fill('Use');
    await dialog.getByRole('option', { name: 'User', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('UserRole created successfully.')).toBeVisible();
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('User');
    await expectAccessible(page);
    await shoot(page, 'user-roles');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit UserRole' });
    await edit.getByRole('button', { name: 'Clear Role' }).click();
    await edit.getByRole('combobox', { name: 'Role' }).fill('Gue');
    await edit.getByRole('option', { name: 'Guest' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('UserRole updated successfully.')).toBeVisible();
    await expect(row).toContainText('Guest');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('UserRole deleted successfully.')).toBeVisible();
  });

  test('user profiles are read-only', async ({ page }) => {
    await page.goto('/admin/user-profiles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^User Profiles \(\d+\)$/);
    await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add New/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'user-profiles');
  });
});
