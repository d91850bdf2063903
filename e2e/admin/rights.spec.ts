import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { signInAs } from './session';

type Row = { _id: string; method?: string; route?: string; path?: string };

// A server of its own: the roles, members, invites and messages made here would change the counts
// other files expect.
test.use({ serverEnv: { SITE_NAME: 'Rights' } });

test.describe('a screen offers only what the server will do', () => {
  test('a role that reads users sees the list without the buttons it may not use; a grant brings its button', async ({
    page,
    app,
  }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const permissionId = async (method: string, route: string) => {
      const found = await callApi(app.baseURL, admin, 'GET', `/api/auth/permissions?q=${encodeURIComponent(route)}`);
      return (found.data as Row[]).find((row) => row.method === method && row.route === route)!._id;
    };
    const menu = await callApi(app.baseURL, admin, 'GET', '/api/auth/client-permissions?q=users');
    const usersEntry = (menu.data as Row[]).find((row) => row.path === '/users')!;
    const tag = Date.now();
    const role = await callApi(app.baseURL, admin, 'POST', '/api/auth/roles', {
      name: `Readers ${tag}`,
      permission: [await permissionId('GET', '/api/auth/users')],
      clientPermission: [usersEntry._id],
    });
    const email = `reader-${tag}@e2e.test`;
    const reader = await createMember(app.baseURL, { email, name: 'Ria Reader' });
    await callApi(app.baseURL, admin, 'POST', '/api/auth/user-roles', { user: reader._id, role: role._id });

    await signInAs(page, email, 'member-password');
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    // My permissions have been read by now: the list is drawn, and nothing offers what the server refuses.
    await expect(page.getByRole('heading', { name: 'Users (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /export/i })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    // Roles are named from their own list, which this role may not read.
    await expect(page.getByLabel('Role')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(row.getByRole('button')).toHaveCount(0);

    await callApi(app.baseURL, admin, 'PUT', `/api/auth/roles/${role._id}`, {
      name: `Readers ${tag}`,
      permission: [
        await permissionId('GET', '/api/auth/users'),
        await permissionId('DELETE', '/api/auth/users/:id'),
        await permissionId('GET', '/api/auth/users/:id/sessions'),
      ],
      clientPermission: [usersEntry._id],
    });
    await page.reload();
    await expect(row.getByRole('button', { name: `Delete ${email}` })).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
    // Their sessions may be read, not ended.
    await row.getByRole('button', { name: 'Sessions of Ria Reader' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sessions of Ria Reader' });
    await expect(dialog.getByText('This device')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
  });

  test('a role that reads invites and messages is offered none of their actions', async ({ page, app }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const permissionId = async (method: string, route: string) => {
      const found = await callApi(app.baseURL, admin, 'GET', `/api/auth/permissions?q=${encodeURIComponent(route)}`);
      return (found.data as Row[]).find((row) => row.method === method && row.route === route)!._id;
    };
    const menuId = async (path: string) => {
      const found = await callApi(app.baseURL, admin, 'GET', `/api/auth/client-permissions?q=${path.slice(1)}`);
      return (found.data as Row[]).find((row) => row.path === path)!._id;
    };
    const tag = Date.now();
    const invited = `invited-${tag}@e2e.test`;
    await callApi(app.baseURL, admin, 'POST', '/api/auth/invites', { email: invited, hours: 24 });
    const sender = `Sender ${tag}`;
    const sent = await fetch(`${app.baseURL}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: sender, email: `sender-${tag}@e2e.test`, message: 'Hello there' }),
    });
    expect(sent.status).toBe(201);
    const role = await callApi(app.baseURL, admin, 'POST', '/api/auth/roles', {
      name: `Onlookers ${tag}`,
      permission: [
        await permissionId('GET', '/api/auth/invites'),
        await permissionId('GET', '/api/auth/contact-messages'),
      ],
      clientPermission: [await menuId('/invites'), await menuId('/messages')],
    });
    const email = `onlooker-${tag}@e2e.test`;
    const onlooker = await createMember(app.baseURL, { email });
    await callApi(app.baseURL, admin, 'POST', '/api/auth/user-roles', { user: onlooker._id, role: role._id });
    await signInAs(page, email, 'member-password');

    await page.goto('/admin/invites');
    const row = page.getByRole('row').filter({ hasText: invited });
    await expect(row).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create an invite' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    // Copy needs no call; Resend, Revoke and Delete do.
    await expect(row.getByRole('button')).toHaveText(['Copy']);

    await page.goto('/admin/messages');
    const card = page.getByRole('article', { name: new RegExp(sender) });
    await expect(card.getByText('Hello there')).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  });

  test('a role that reads the translations sees every text, read-only, with no Save', async ({ page, app }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const permissions = await callApi(app.baseURL, admin, 'GET', '/api/auth/permissions?q=translations');
    const read = (permissions.data as Row[]).find(
      (row) => row.method === 'POST' && row.route === '/api/auth/translations',
    )!;
    const menu = await callApi(app.baseURL, admin, 'GET', '/api/auth/client-permissions?q=translations');
    const entry = (menu.data as Row[]).find((row) => row.path === '/translations')!;
    const tag = Date.now();
    const role = await callApi(app.baseURL, admin, 'POST', '/api/auth/roles', {
      name: `Proofreaders ${tag}`,
      permission: [read._id],
      clientPermission: [entry._id],
    });
    const email = `proofreader-${tag}@e2e.test`;
    const proofreader = await createMember(app.baseURL, { email });
    await callApi(app.baseURL, admin, 'POST', '/api/auth/user-roles', { user: proofreader._id, role: role._id });
    await signInAs(page, email, 'member-password');

    await page.goto('/admin/translations');
    await page.getByLabel('Filter keys and texts').fill('common.loading');
    const text = page.getByLabel('Text of common.loading');
    await expect(text).toHaveValue('Loading…');
    await expect(text).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'Raw JSON' })).not.toBeEditable();
    for (const name of ['Save Changes', 'Add New Language', 'Add text', 'Delete common.loading'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
  });
});
