import type { Page } from '@playwright/test';
import { ADMIN, callApi as api, expect, test, tokenOf } from '../fixtures';
import { signInAs } from './session';

/** Markup that runs script if any screen ever renders data as HTML. */
const PAYLOAD = `<img src=x onerror="window.__stored_script_ran=1">`;
const SCRIPT = `<script>window.__stored_script_ran=1</script>`;

/** Fails the test on any dialog, and answers whether the payload ran. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // Data that became markup is stopped by the CSP, which says so: that is a failure too.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
  });
  return {
    dialogs,
    blocked,
    ran: () => page.evaluate(() => (window as unknown as { __stored_script_ran?: number }).__stored_script_ran),
  };
}

let cleanupTexts: (() => Promise<void>) | undefined;

test.describe('[SECURITY] stored script', () => {
  test.afterEach(async () => {
    await cleanupTexts?.();
    cleanupTexts = undefined;
  });

  test('every text field a screen shows renders as text', async ({ page, app }) => {
    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const tag = Date.now();
    const name = `${PAYLOAD} ${tag}`;
    const user = await api<{ _id: string }>(app.baseURL, token, 'POST', '/api/auth/users', {
      name,
      email: `xss-${tag}@e2e.test`,
      password: 'xss-password',
    });
    const role = await api<{ _id: string }>(app.baseURL, token, 'POST', '/api/auth/roles', {
      name: `${SCRIPT} role ${tag}`,
      description: PAYLOAD,
    });
    await api(app.baseURL, token, 'POST', '/api/auth/permissions', {
      name: `${PAYLOAD} permission ${tag}`,
      description: SCRIPT,
      method: 'GET',
      route: `/api/xss/${tag}`,
    });
    await api(app.baseURL, token, 'POST', '/api/auth/client-permissions', {
      name: `${PAYLOAD} menu ${tag}`,
      menu: 'access',
      menu_order: 99,
      path: '/xss',
      description: SCRIPT,
    });
    await api(app.baseURL, token, 'POST', '/api/auth/user-roles', { user: user._id, role: role._id });
    // The member's own profile, and a contact message that reaches the admin's notifications.
    const memberToken = await tokenOf(app.baseURL, `xss-${tag}@e2e.test`, 'xss-password');
    await api(app.baseURL, memberToken, 'POST', '/api/auth/my-profile', {
      name,
      address: SCRIPT,
      phone: '+30 210 0000001',
      bio: PAYLOAD,
    });
    await fetch(`${app.baseURL}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: PAYLOAD, email: 'xss@e2e.test', message: SCRIPT }),
    });
    const translations = await api<{ translation: { data: { entries: Record<string, string> } } }>(
      app.baseURL,
      token,
      'POST',
      '/api/auth/translations',
      { lang: 'en' },
    );
    const { entries } = translations.translation.data;
    const publish = async (intro: string) => {
      await api(app.baseURL, token, 'PUT', '/api/auth/translations', {
        lang: 'en',
        data: { lang: 'en', entries: { ...entries, 'home.intro': intro } },
      });
      await api(app.baseURL, token, 'POST', '/api/auth/translations', { generate_files: true });
    };
    await publish(PAYLOAD);
    // Other tests read this text as shipped: it is put back after this test.
    cleanupTexts = () => publish(entries['home.intro']!);

    const watcher = watch(page);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page.getByText(PAYLOAD).first()).toBeVisible();

    const screens: [string, string][] = [
      ['/admin/users', name],
      ['/admin/roles', `${SCRIPT} role ${tag}`],
      ['/admin/permissions', `${PAYLOAD} permission ${tag}`],
      ['/admin/client-permissions', `${PAYLOAD} menu ${tag}`],
      ['/admin/user-roles', `${SCRIPT} role ${tag}`],
      ['/admin/user-profiles', name],
    ];
    for (const [path, text] of screens) {
      await page.goto(path);
      await page.getByRole('searchbox').fill(String(tag));
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByText(text).first()).toBeVisible();
      expect(await watcher.ran(), path).toBeUndefined();
    }
    // The notification bell shows the contact message.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText(SCRIPT).first()).toBeVisible();
    expect(await watcher.ran()).toBeUndefined();

    // The member's own profile screen.
    await page.goto('/admin');
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, `xss-${tag}@e2e.test`, 'xss-password');
    await page.goto('/admin/account/profile');
    await expect(page.getByLabel('Name')).toHaveValue(name);
    expect(await watcher.ran()).toBeUndefined();

    // The public feed holds a post whose text is a script tag.
    await page.goto('/about');
    await expect(page.getByText('<script>alert("x")</script>', { exact: false })).toBeVisible();
    expect(await watcher.ran()).toBeUndefined();
    expect(watcher.dialogs).toEqual([]);
    expect(watcher.blocked).toEqual([]);
  });
});
