import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, callApi, createMember, expect, giveSeededRole, test, tokenOf } from '../fixtures';
import { expectAccessible, logOut, shoot, signInAs } from './session';

/** A 1x1 PNG, enough for a real upload. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('[ADMIN][ROLES]', () => {
  test('creates a role with a permission and a menu entry, edits and deletes it', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(3\)$/);
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Role' });
    await dialog.getByLabel('Name').fill('Editors');
    // A description past its length is told at the field, not silently refused.
    await dialog.getByLabel('Description (optional)').fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Description must be at most 500 characters')).toBeVisible();
    await dialog.getByLabel('Description (optional)').fill('Those who edit the site');
    // Permissions and menu entries are found by typing; each pick joins the list under its field.
    await dialog.getByRole('combobox', { name: 'Permissions (0)', exact: true }).fill('auth/users');
    await dialog.getByRole('option', { name: 'GET /api/auth/users', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Permissions', exact: true })).toHaveText('GET /api/auth/users');
    await dialog.getByRole('combobox', { name: 'Client Permissions (0)' }).fill('Users');
    await expect(dialog.getByRole('option', { name: 'Users (/users)' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Client Permissions (0)' }).press('Enter');
    await expect(dialog.getByRole('list', { name: 'Client Permissions' })).toContainText('Users (/users)');
    await expect(dialog.getByRole('combobox', { name: 'Permissions (1)', exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'roles-create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role created successfully.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('edit');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('1 - 1 of 1').first()).toBeVisible();
    const row = page.getByRole('row', { name: /Editors/ });
    await expect(row.getByRole('cell', { name: 'custom', exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Edit Editors' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(edit.getByRole('list', { name: 'Permissions', exact: true })).toHaveText('GET /api/auth/users');
    await edit.getByLabel('Name').fill('Admin');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert').filter({ hasText: 'A role with this name already exists.' })).toBeVisible();
    // The name typed is not saved: Cancel asks before it is dropped.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(edit).toBeHidden();
    await row.getByRole('button', { name: 'Delete Editors' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'You want to delete this? The role “Editors”: no member holds it.',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Role deleted successfully.')).toBeVisible();
    // The title counts what the search finds.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roles (0)');
  });

  test('a save that ends while the unsaved-changes question is open takes the question with it', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/roles');
    // The save is held on its way until the question is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/auth/roles',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Role' });
    await dialog.getByLabel('Name').fill(`Slow ${Date.now()}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toBeVisible();
    release();
    await expect(page.getByText('Role created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(question).toBeHidden();
  });

  test('deleting a role says how many members hold it and lose it', async ({ page, app }) => {
    const stamp = Date.now();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const name = `Stewards ${stamp}`;
    const role = await callApi<{ _id: string }>(app.baseURL, token, 'POST', '/api/auth/roles', { name });
    for (const n of [1, 2]) {
      const member = await createMember(app.baseURL, { email: `steward${n}-${stamp}@e2e.test` });
      await callApi(app.baseURL, token, 'POST', '/api/auth/user-roles', { user: member._id, role: role._id });
    }
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/roles?q=${stamp}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      `You want to delete this? The role “${name}”: 2 members hold it and lose what it gives them.`,
    );
    // The count comes after the dialog opens: the sentence is announced again when it does.
    await expect(confirm.getByText(/2 members hold it/)).toHaveAttribute('aria-live', 'polite');
    // No is no: the role and its holders stay.
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await page.getByRole('button', { name: `Διαγραφή ${name}` }).click();
    await expect(confirm).toContainText(
      `Θέλετε να το διαγράψετε; Ο ρόλος «${name}»: τον έχουν 2 μέλη, που χάνουν ό,τι τους δίνει.`,
    );
    await confirm.getByRole('button', { name: 'Ναι, διαγραφή!' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ρόλοι (0)');
    const held = await callApi<{ total: number }>(
      app.baseURL,
      token,
      'GET',
      `/api/auth/users?role=${role._id}&limit=1`,
    );
    expect(held.total).toBe(0);
  });

  test('a role added while the list is still on its way shows in it', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const name = `Early ${Date.now()}`;
    // The list's first read is made before the role exists and arrives after it is saved.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let isFirst = true;
    await page.route(/\/api\/auth\/roles\?/, async (route) => {
      if (!isFirst) return route.continue();
      isFirst = false;
      const stale = await route.fetch();
      await held;
      await route.fulfill({ response: stale }).catch(() => {});
    });
    await page.goto('/admin/roles');
    // No count while none has come: a list on its way is not an empty one.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roles');
    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post Role' });
    await dialog.getByLabel('Name').fill(name);
    const saved = page.waitForResponse((response) => response.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await saved;
    release();
    await expect(page.getByText('Role created successfully.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);
    // Left as found, for the screens counting roles.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(row).toBeHidden();
  });

  test('Escape in a picker closes its choices, not the dialog with the picks made', async ({ page, app }) => {
    const stamp = Date.now();
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const name = `Pickers ${stamp}`;
    const role = await callApi<{ _id: string }>(app.baseURL, token, 'POST', '/api/auth/roles', { name });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto(`/admin/roles?q=${stamp}`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    const picker = edit.getByRole('combobox', { name: /^Permissions/ });
    await picker.fill('auth/users');
    await edit.getByRole('option', { name: 'GET /api/auth/users', exact: true }).click();
    await picker.fill('users');
    await expect(edit.getByRole('option').first()).toBeVisible();
    await picker.press('Escape');
    await expect(edit).toBeVisible();
    await expect(edit.getByRole('list', { name: 'Permissions', exact: true })).toHaveText('GET /api/auth/users');
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(edit.getByRole('listbox', { name: 'Permissions (1)' })).toBeHidden();
    await expect(picker).toBeFocused();
    // The pick outlives the Escape: it is saved.
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role updated successfully.')).toBeVisible();
    const saved = await callApi<{ permissions: { _id: string }[] }>(
      app.baseURL,
      token,
      'GET',
      `/api/auth/roles/${role._id}`,
    );
    expect(saved.permissions).toHaveLength(1);
    await callApi(app.baseURL, token, 'DELETE', `/api/auth/roles/${role._id}`);
  });
});

test.describe('[ADMIN][PROFILE]', () => {
  test('a seeded role offers no Delete the server would refuse, and says why', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/roles');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Admin', exact: true }) });
    const remove = row.getByRole('button', { name: 'Delete Admin' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute('title', 'A seeded role cannot be deleted.');
  });

  test("the administrators' role says it holds every permission, and its description reads in Greek", async ({
    page,
  }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Edit Admin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(edit.getByRole('region', { name: 'Permissions' })).toHaveText(
      'PermissionsAll: a role of type admin holds every permission, including those of routes added later.',
    );
    // No picker whose picks would change nothing.
    await expect(edit.getByRole('combobox', { name: /^Permissions/ })).toHaveCount(0);
    await expect(edit.getByRole('combobox', { name: /^Client Permissions/ })).toBeVisible();
    await expect(edit.getByLabel('Description (optional)')).toHaveValue(
      'Every permission, including routes added later.',
    );
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await page.getByRole('button', { name: 'Επεξεργασία Admin' }).click();
    const greek = page.getByRole('dialog', { name: 'Επεξεργασία ρόλου' });
    await expect(greek.getByLabel('Περιγραφή (προαιρετική)')).toHaveValue(
      'Όλα τα δικαιώματα, και για διαδρομές που θα προστεθούν αργότερα.',
    );
    await expectAccessible(page);
    // Saved as shown, the stored English stays, so English readers still read their own.
    await greek.getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(greek).toBeHidden();
    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: 'English' }).click();
    await expect(
      page
        .getByRole('row', { name: /^Admin/ })
        .getByRole('cell', { name: 'Every permission, including routes added later.' }),
    ).toBeVisible();
  });

  test('beside a long label on a phone a switch keeps its size, its knob inside its track', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/account/profile');
    const toggle = page.getByRole('switch', { name: 'Mail me each new message from the contact page' });
    expect((await toggle.boundingBox())!.width).toBe(44);
  });

  test('shows the name saved on another device once the window is opened again', async ({ page, app }) => {
    const email = `elsewhere-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, password: 'member-password', name: 'Before Elsewhere' });
    await signInAs(page, email, 'member-password');
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('Before Elsewhere');
    // The same person, signed in on a phone, renames themselves there.
    const phone = await page.request.post('/api/auth/login', { data: { email, password: 'member-password' } });
    const { token } = (await phone.json()) as { token: string };
    const saved = await page.request.post('/api/auth/my-profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'After Elsewhere' },
    });
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect(banner).toContainText('After Elsewhere');
    await expect(banner).not.toContainText('Before Elsewhere');
  });

  test("the picture's file input is a button in the screen's language, used by keyboard", async ({
    page,
    app,
  }, testInfo) => {
    const email = `picker-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, password: 'member-password', name: 'Picker Owner' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/profile');
    const input = page.getByLabel('Profile image');
    await expect(input).toHaveAccessibleName('Profile image Choose an image');
    await expect(input).toHaveAccessibleDescription('PNG, JPEG, WebP or GIF, up to 1 MB.');
    const button = page.getByText('Choose an image', { exact: true });
    await expect(button).toBeVisible();
    // The browser's own control ("Choose File", in the browser's language) is not what is seen.
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

    // Reached with Tab, it shows where the focus is, and Space opens the file chooser.
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      if (await input.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(input).toBeFocused();
    expect(await button.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await shoot(page, 'image-picker-focus');
    const small = testInfo.outputPath('avatar.png');
    fs.mkdirSync(path.dirname(small), { recursive: true });
    fs.writeFileSync(small, TINY_PNG);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles(small);
    await expect(page.getByRole('img', { name: 'Your current profile image' })).toBeVisible();
    await expect(page.getByText('Change image', { exact: true })).toBeVisible();

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await expect(page.getByText('Αλλαγή εικόνας', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Εικόνα προφίλ')).toHaveAccessibleDescription('PNG, JPEG, WebP ή GIF, έως 1 MB.');

    // Toasts are named and closed in the screen's language, and one closes at once.
    await page.getByRole('button', { name: 'Ενημέρωση' }).click();
    const toasts = page.getByRole('region', { name: /^Ειδοποιήσεις οθόνης/ });
    const saved = toasts.getByRole('listitem').filter({ hasText: 'Το προφίλ ενημερώθηκε επιτυχώς.' });
    await expect(saved).toBeVisible();
    await saved.getByRole('button', { name: 'Κλείσιμο του μηνύματος' }).click();
    await expect(saved).toBeHidden();
    // Pictured from a second one: a toast leaves after five seconds, sooner than four pictures.
    await page.getByRole('button', { name: 'Ενημέρωση' }).click();
    await expect(saved).toBeVisible();
    await shoot(page, 'toast-close');
  });

  test('leaving the profile with unsaved changes, an uploaded picture among them, asks first', async ({
    page,
    app,
  }, testInfo) => {
    const email = `leaving-${Date.now()}@e2e.test`;
    const member = await createMember(app.baseURL, { email, password: 'member-password', name: 'Leaving Owner' });
    await giveSeededRole(app.baseURL, member._id, 'user');
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/profile');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    // Untouched, the profile is left at once.
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);

    await page.goto('/admin/account/profile');
    await page.getByLabel('Name').fill('Leaving Owner Renamed');
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/admin\/account\/profile$/);
    await expect(page.getByLabel('Name')).toHaveValue('Leaving Owner Renamed');

    // Typed back as it was, a picture uploaded but not applied still counts.
    await page.getByLabel('Name').fill('Leaving Owner');
    const small = testInfo.outputPath('leaving.png');
    fs.writeFileSync(small, TINY_PNG);
    await page.getByLabel('Profile image').setInputFiles(small);
    await expect(
      page.getByText('File uploaded successfully! Please update your profile to apply the new image.'),
    ).toBeVisible();
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);

    // Saved, nothing is left to ask about.
    await page.goto('/admin/account/profile');
    await page.getByLabel('Name').fill('Leaving Owner Saved');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile Updated successfully.')).toBeVisible();
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
  });

  test('updates the profile with an image and a new password, staying signed in', async ({ page, app }, testInfo) => {
    const email = `profile-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, password: 'member-password', name: 'Profile Owner' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/profile');
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Profile Owner');

    const big = testInfo.outputPath('big.png');
    fs.mkdirSync(path.dirname(big), { recursive: true });
    fs.writeFileSync(big, Buffer.alloc(1024 * 1024 + 1));
    await page.getByLabel('Profile image').setInputFiles(big);
    await expect(page.getByText('File size exceeds 1MB limit. Please upload a smaller file.')).toBeVisible();

    const small = testInfo.outputPath('avatar.png');
    fs.writeFileSync(small, TINY_PNG);
    await page.getByLabel('Profile image').setInputFiles(small);
    await expect(
      page.getByText('File uploaded successfully! Please update your profile to apply the new image.'),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your current profile image' })).toHaveAttribute(
      'src',
      /\/api\/upload\/images\//,
    );

    await page.getByLabel('Name').fill('Profile Owner Renamed');
    await page.getByLabel('Phone (optional)').fill('Athens');
    await page.getByLabel('Bio').fill('x'.repeat(2001));
    // Every refusal in one round: a phone of letters, the bio too long and the passwords that differ.
    await page.getByLabel('Password', { exact: true }).fill('new-member-pass');
    await page.getByLabel('Confirm Password').fill('another-pass');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Bio must be at most 2000 characters')).toBeVisible();
    await expect(page.getByLabel('Bio')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('The passwords do not match');
    await expect(page.getByLabel('Phone (optional)')).toHaveAccessibleDescription(
      'Phone must be a number: digits, with spaces and + ( ) - . / as you like',
    );
    await page.getByLabel('Phone (optional)').fill('+30 210 1234567');
    await page.getByLabel('Bio').fill('Κηπουρός');
    // A confirmation beside a blank password is refused as one that differs, and the rest checked.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Bio must be at most 2000 characters')).toBeHidden();
    await expect(page.getByLabel('Confirm Password')).toHaveAccessibleDescription('The passwords do not match');
    expect(pageErrors).toEqual([]);
    await page.getByLabel('Password', { exact: true }).fill('new-member-pass');
    await page.getByLabel('Confirm Password').fill('new-member-pass');
    await expectAccessible(page);
    await shoot(page, 'profile');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile Updated successfully.')).toBeVisible();

    // Still signed in with the fresh token, and the new password works.
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Profile Owner Renamed');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('+30 210 1234567');
    await logOut(page, 'Profile Owner Renamed');
    await signInAs(page, email, 'new-member-pass');
  });
});
