import type { Page } from '@playwright/test';
import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { mailText } from '../../apps/server/src/test/smtp-capture';
import { signInAs } from './session';

type Row = { _id: string; method?: string; route?: string; path?: string };

// A server of its own: the roles, members, invites and messages made here would change the counts
// other files expect.
test.use({ serverEnv: { SITE_NAME: 'Rights' } });

/** The administrator's hand: permission and menu entry ids, and a role's grants. */
async function administration(baseURL: string) {
  const admin = await tokenOf(baseURL, ADMIN.email, ADMIN.password);
  const permissionId = async (key: string) => {
    const [method, route] = key.split(' ');
    const found = await callApi<{ data: Row[] }>(
      baseURL,
      admin,
      'GET',
      `/api/auth/permissions?q=${encodeURIComponent(route!)}`,
    );
    return found.data.find((row) => row.method === method && row.route === route)!._id;
  };
  const menuId = async (path: string) => {
    const found = await callApi<{ data: Row[] }>(baseURL, admin, 'GET', `/api/auth/client-permissions?limit=100`);
    return found.data.find((row) => row.path === path)!._id;
  };
  const roleBody = async (name: string, permissions: string[], menus: string[]) => ({
    name,
    permission: await Promise.all(permissions.map(permissionId)),
    clientPermission: await Promise.all(menus.map(menuId)),
  });
  return {
    admin,
    /** A member holding a new role with these permissions and menu entries; the role's id. */
    async memberWith(email: string, name: string, permissions: string[], menus: string[]) {
      const role = await callApi<{ _id: string }>(
        baseURL,
        admin,
        'POST',
        '/api/auth/roles',
        await roleBody(name, permissions, menus),
      );
      const member = await createMember(baseURL, { email, name: `Member ${name}` });
      await callApi(baseURL, admin, 'POST', '/api/auth/user-roles', { user: member._id, role: role._id });
      return role._id;
    },
    async grant(roleId: string, name: string, permissions: string[], menus: string[]) {
      await callApi(baseURL, admin, 'PUT', `/api/auth/roles/${roleId}`, await roleBody(name, permissions, menus));
    },
  };
}

/** Opens a screen and waits for the answer saying what the person may call. */
async function openWithRights(page: Page, path: string) {
  const rights = page.waitForResponse((response) => response.url().endsWith('/api/auth/my-permissions'));
  await page.goto(path);
  expect((await rights).status()).toBe(200);
}

test.describe('a screen offers only what the server will do', () => {
  test('a role that reads users sees the list without the buttons it may not use; a grant brings its button', async ({
    page,
    app,
  }) => {
    const { memberWith, grant } = await administration(app.baseURL);
    const tag = Date.now();
    const email = `reader-${tag}@e2e.test`;
    const name = `Readers ${tag}`;
    const reads = ['GET /api/auth/users', 'GET /api/auth/users/:id/data'];
    const role = await memberWith(email, name, reads, ['/users']);

    await signInAs(page, email, 'member-password');
    const rolesAsked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/roles') rolesAsked.push(request.url());
    });
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    // The one row button this role may use is drawn: the rest is decided too.
    await expect(row.getByRole('button', { name: `Export the data of Member ${name}` })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    // Roles are named from their own list, which this role may not read: not asked for either.
    await expect(page.getByLabel('Role')).toHaveCount(0);
    expect(rolesAsked).toEqual([]);
    // A screen whose list is refused says why, with none of its controls.
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' })).toBeVisible();
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await page.goto('/admin/invites');
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    for (const [path, title] of [
      ['/admin/messages', 'Messages'],
      ['/admin/translations', 'Translations'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
      await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission to do this.' })).toBeVisible();
      await expect(page.getByRole('combobox')).toHaveCount(0);
      await expect(page.getByRole('searchbox')).toHaveCount(0);
    }

    await grant(role, name, [...reads, 'DELETE /api/auth/users/:id', 'GET /api/auth/users/:id/sessions'], ['/users']);
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(email)}`);
    await expect(row.getByRole('button', { name: `Delete ${email}` })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
    // Their sessions may be read, not ended.
    await row.getByRole('button', { name: `Sessions of Member ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Sessions of Member ${name}` });
    await expect(dialog.getByText('This device')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Taken away while the screen is open: the refused call says so, and its button goes.
    const other = `other-${tag}@e2e.test`;
    await createMember(app.baseURL, { email: other, name: `Other ${tag}` });
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(other)}`);
    const otherRow = page.getByRole('row').filter({ hasText: other });
    const deleteOther = otherRow.getByRole('button', { name: `Delete ${other}` });
    await expect(deleteOther).toBeEnabled();
    await grant(role, name, reads, ['/users']);
    await deleteOther.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('You do not have permission to do this.').first()).toBeVisible();
    await expect(deleteOther).toHaveCount(0);
    await expect(otherRow).toBeVisible();

    // Taken away whole, the next refused read takes the screen's menu entry with it.
    await grant(role, name, [], []);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(`nobody-${tag}`);
    await page.getByRole('searchbox', { name: 'Search by email' }).press('Enter');
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });

  test('a bulk action is offered only with the permission of the change it makes to each row', async ({
    page,
    app,
  }) => {
    const { memberWith, grant } = await administration(app.baseURL);
    const tag = Date.now();
    const email = `bulker-${tag}@e2e.test`;
    const name = `Bulkers ${tag}`;
    const bulk = ['GET /api/auth/users', 'POST /api/auth/users/bulk'];
    const role = await memberWith(email, name, [...bulk, 'PUT /api/auth/users/:id'], ['/users']);
    await signInAs(page, email, 'member-password');
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await expect(bar.getByRole('button')).toHaveText(['Block', 'Unblock', 'Confirm']);
    // An administrator's row offers no Edit the server would refuse, and says why.
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
    const editAdmin = page.getByRole('button', { name: `Edit ${ADMIN.email}` });
    await expect(editAdmin).toBeDisabled();
    await expect(editAdmin).toHaveAttribute(
      'title',
      'Only administrators can manage administrators or grant the admin role.',
    );
    // The bulk route alone makes no change to anyone: nothing to select.
    await grant(role, name, bulk, ['/users']);
    await openWithRights(page, `/admin/users?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });

  test('a role editor’s pickers offer only the permissions and menu entries their own roles hold', async ({
    page,
    app,
  }) => {
    const { memberWith } = await administration(app.baseURL);
    const tag = Date.now();
    const email = `delegate-${tag}@e2e.test`;
    await memberWith(
      email,
      `Delegates ${tag}`,
      ['GET /api/auth/roles', 'POST /api/auth/roles', 'GET /api/auth/permissions', 'GET /api/auth/client-permissions'],
      ['/roles'],
    );
    await signInAs(page, email, 'member-password');
    await openWithRights(page, '/admin/roles');
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Role' });
    const permissions = dialog.getByRole('combobox', { name: 'Permissions (0)', exact: true });
    await permissions.fill('/api/auth/');
    await expect(dialog.getByRole('option')).toHaveText([
      'GET /api/auth/client-permissions',
      'GET /api/auth/permissions',
      'GET /api/auth/roles',
      'POST /api/auth/roles',
    ]);
    // Closed first: its open list lies over the next field and would take the click.
    await permissions.press('Escape');
    await expect(dialog.getByRole('listbox', { name: /^Permissions/ })).toBeHidden();
    const menu = dialog.getByRole('combobox', { name: 'Client Permissions (0)' });
    await menu.click();
    // The editor's own Roles entry and what every visitor sees; none of the other signed-in entries.
    await expect(dialog.getByRole('option', { name: 'Roles (/roles)' })).toBeVisible();
    await expect(dialog.getByRole('option', { name: /\(\/about\)$/ })).toBeVisible();
    await expect(dialog.getByRole('option', { name: /\((\/users|\/audit-log|\/invites)\)$/ })).toHaveCount(0);
  });

  test('the administrators’ role and its holders offer no change to someone who is no administrator', async ({
    page,
    app,
  }) => {
    const { memberWith } = await administration(app.baseURL);
    const tag = Date.now();
    const email = `keeper-${tag}@e2e.test`;
    await memberWith(
      email,
      `Keepers ${tag}`,
      ['GET /api/auth/roles', 'PUT /api/auth/roles/:id', 'GET /api/auth/user-roles', 'DELETE /api/auth/user-roles/:id'],
      ['/roles', '/user-roles'],
    );
    await signInAs(page, email, 'member-password');
    const adminOnly = 'Only administrators can manage administrators or grant the admin role.';
    await openWithRights(page, '/admin/roles');
    const editAdmin = page.getByRole('button', { name: 'Edit Admin', exact: true });
    await expect(editAdmin).toBeDisabled();
    await expect(editAdmin).toHaveAttribute('title', adminOnly);
    await expect(page.getByRole('button', { name: `Edit Keepers ${tag}` })).toBeEnabled();
    await openWithRights(page, '/admin/user-roles');
    const removeAdmin = page.getByRole('button', { name: 'Delete Administrator (Admin)' });
    await expect(removeAdmin).toBeDisabled();
    await expect(removeAdmin).toHaveAttribute('title', adminOnly);
  });

  test('a role that reads invites and files messages is offered only that', async ({ page, app }) => {
    const { admin, memberWith, grant } = await administration(app.baseURL);
    const tag = Date.now();
    const invited = `invited-${tag}@e2e.test`;
    await callApi(app.baseURL, admin, 'POST', '/api/auth/invites', { email: invited, hours: 24 });
    const roles = await callApi<{ data: { _id: string; type: string }[] }>(
      app.baseURL,
      admin,
      'GET',
      '/api/auth/roles?limit=100',
    );
    const invitedAdmin = `invited-admin-${tag}@e2e.test`;
    await callApi(app.baseURL, admin, 'POST', '/api/auth/invites', {
      email: invitedAdmin,
      roleId: roles.data.find((role) => role.type === 'admin')!._id,
    });
    const sender = `Sender ${tag}`;
    const sent = await fetch(`${app.baseURL}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: sender, email: `sender-${tag}@e2e.test`, message: 'Hello there' }),
    });
    expect(sent.status).toBe(201);
    const email = `onlooker-${tag}@e2e.test`;
    const rights = [
      'GET /api/auth/invites',
      'GET /api/auth/invites/export.csv',
      'GET /api/auth/contact-messages',
      'PUT /api/auth/contact-messages/:id',
    ];
    const menu = ['/invites', '/messages'];
    const role = await memberWith(email, `Onlookers ${tag}`, rights, menu);
    await signInAs(page, email, 'member-password');

    await openWithRights(page, '/admin/invites');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: invited });
    // Copy needs no call; Resend, Revoke and Delete do.
    await expect(row.getByRole('button')).toHaveText(['Copy']);
    // The link to the administrators' role is theirs alone to hand out: neither shown nor copied.
    const adminRow = page.getByRole('row').filter({ hasText: invitedAdmin });
    await expect(adminRow.getByText('Withheld: its role is beyond yours')).toBeVisible();
    await expect(adminRow.getByRole('link', { name: 'Open' })).toHaveCount(0);
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Create an invite' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    await openWithRights(page, '/admin/messages');
    const card = page.getByRole('article', { name: new RegExp(sender) });
    await expect(card.getByText('Hello there')).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Mark handled', 'Archive']);

    // The bulk route with Revoke, and no Delete: Revoke alone is offered for the selected rows.
    await grant(
      role,
      `Onlookers ${tag}`,
      [...rights, 'POST /api/auth/invites/bulk', 'POST /api/auth/invites/:id/revoke'],
      menu,
    );
    await openWithRights(page, '/admin/invites');
    await page.getByRole('checkbox', { name: `Select ${invited}` }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await expect(bar.getByRole('button')).toHaveText(['Revoke']);
  });

  test('an invite refused because the right to invite was taken away says why', async ({ page, app }) => {
    const { memberWith, grant } = await administration(app.baseURL);
    const tag = Date.now();
    const email = `inviter-${tag}@e2e.test`;
    const name = `Inviters ${tag}`;
    const reads = ['GET /api/auth/invites'];
    const role = await memberWith(email, name, [...reads, 'POST /api/auth/invites'], ['/invites']);
    await signInAs(page, email, 'member-password');
    await openWithRights(page, '/admin/invites');
    await page.getByLabel('Email', { exact: true }).fill(`invited-${tag}@e2e.test`);
    await grant(role, name, reads, ['/invites']);
    await page.getByRole('button', { name: 'Create Invite' }).click();
    // The panel goes with the right; why it went is still said once it has.
    await expect(page.getByRole('heading', { name: 'Create an invite' })).toHaveCount(0);
    await expect(page.getByText('You do not have permission to do this.').first()).toBeVisible();
  });

  test('a registration to a role beyond the reader’s offers Reject, not an Approve the server refuses', async ({
    page,
    app,
  }) => {
    const { admin, memberWith } = await administration(app.baseURL);
    const tag = Date.now();
    const roles = await callApi<{ data: { _id: string; type: string }[] }>(
      app.baseURL,
      admin,
      'GET',
      '/api/auth/roles?limit=100',
    );
    const { link } = await callApi<{ link: string }>(app.baseURL, admin, 'POST', '/api/auth/invites', {
      roleId: roles.data.find((role) => role.type === 'admin')!._id,
    });
    const registrant = `would-be-admin-${tag}@e2e.test`;
    await callApi(app.baseURL, null, 'POST', '/api/auth/register-invite', {
      token: new URL(link).searchParams.get('token'),
      name: `Would Be ${tag}`,
      email: registrant,
      password: 'registrant-pass',
    });
    const sent = () => app.smtp.mails.filter((mail) => mail.to.includes(registrant));
    await expect.poll(() => sent().length, { timeout: 15_000 }).toBe(1);
    const confirmToken = /confirm-email\?token=([\w-]+)/.exec(mailText(sent()[0]!.raw))![1]!;
    await callApi(app.baseURL, null, 'POST', '/api/auth/register-invite/confirm', { token: confirmToken });

    const email = `decider-${tag}@e2e.test`;
    await memberWith(
      email,
      `Deciders ${tag}`,
      ['GET /api/auth/invites', 'POST /api/auth/invites/:id/approve', 'POST /api/auth/invites/:id/reject'],
      ['/invites'],
    );
    await signInAs(page, email, 'member-password');
    await openWithRights(page, '/admin/invites');
    const row = page.getByRole('row').filter({ hasText: registrant });
    await expect(row.getByText('Withheld: its role is beyond yours')).toBeVisible();
    await expect(row.getByRole('button')).toHaveText(['Reject']);
  });

  test('a role that reads the translations sees every text, read-only, with no Save or Generate', async ({
    page,
    app,
  }) => {
    const { memberWith } = await administration(app.baseURL);
    const email = `proofreader-${Date.now()}@e2e.test`;
    await memberWith(email, `Proofreaders ${Date.now()}`, ['POST /api/auth/translations'], ['/translations']);
    await signInAs(page, email, 'member-password');

    await openWithRights(page, '/admin/translations');
    await expect(
      page.getByRole('status').filter({ hasText: 'You may read these texts, not change them.' }),
    ).toBeVisible();
    await page.getByLabel('Filter keys and texts').fill('common.loading');
    const text = page.getByLabel('Text of common.loading');
    await expect(text).toHaveValue('Loading…');
    await expect(text).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Raw JSON' })).not.toBeEditable();
    for (const name of [
      'Save Changes',
      'Add New Language',
      'Add text',
      'Delete common.loading',
      'Generate Translations',
    ])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
  });
});
