import type { Page } from '@playwright/test';
import { ADMIN, callApi, expect, test, tokenOf } from './fixtures';
import { expectAccessible, shoot, signInAs } from './admin/session';

/**
 * Notes, from before any script of the page runs, every theme <html> is given and the theme it has
 * when <body> first exists and at DOMContentLoaded: a theme applied late would show up as a change.
 */
async function watchTheme(page: Page) {
  await page.addInitScript(() => {
    const seen: { changes: (string | null)[]; atBody?: string | null; atReady?: string | null } = { changes: [] };
    Object.assign(window, { themeSeen: seen });
    const theme = () => document.documentElement?.getAttribute('data-theme') ?? null;
    new MutationObserver((records) => {
      for (const record of records) if (record.type === 'attributes') seen.changes.push(theme());
      if (document.body && !('atBody' in seen)) seen.atBody = theme();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-theme'] });
    document.addEventListener('DOMContentLoaded', () => (seen.atReady = theme()));
  });
}

const themeSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeSeen: Record<string, unknown> }).themeSeen);

/** The colour of one pixel of a PNG, read by a canvas in a blank page. */
async function pixel(page: Page, png: Buffer, x: number, y: number) {
  const blank = await page.context().newPage();
  const rgb = await blank.evaluate(
    async ({ data, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { data: png.toString('base64'), x, y },
  );
  await blank.close();
  return rgb;
}
const isDark = ([r, g, b]: number[]) => r! + g! + b! < 3 * 64;

/**
 * Loads `path` with its app's script held back and pictures the page before the app draws
 * anything: dark already. Then lets the script go and waits for `ready`.
 */
async function expectDarkBeforeTheApp(page: Page, path: string, entry: RegExp, name: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  const loaded = page.goto(path);
  await page.waitForFunction(() => document.body !== null && document.getElementById('root') !== null);
  const early = await page.screenshot({ path: `test-results/screens/${name}-before-script.png` });
  expect(isDark(await pixel(page, early, 5, 5)), `${path} before its script`).toBe(true);
  release();
  await loaded;
  await page.unroute(entry);
  expect(await themeSeen(page)).toEqual({ changes: ['dark'], atBody: 'dark', atReady: 'dark' });
}

/** The admin app's theme is chosen in the account box of the header. */
async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: ADMIN.name }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test.describe('[THEME]', () => {
  test('public site: dark chosen in the header stays after a reload, drawn dark from the first paint', async ({
    page,
  }) => {
    const html = page.locator('html');
    await watchTheme(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Σχετικά με εμάς' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await themeSeen(page)).toEqual({ changes: ['light'], atBody: 'light', atReady: 'light' });
    const themes = page.getByRole('group', { name: 'Θέμα' });
    await expect(themes.getByRole('button', { name: 'Όπως το σύστημα' })).toHaveAttribute('aria-pressed', 'true');

    await themes.getByRole('button', { name: 'Σκοτεινό' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(themes.getByRole('button', { name: 'Σκοτεινό' })).toHaveAttribute('aria-pressed', 'true');
    await expect(html).toHaveCSS('color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await expectDarkBeforeTheApp(page, '/about', /\/assets\/public-[\w-]+\.js$/, 'theme-public');
    await expect(page.getByRole('heading', { level: 1, name: 'Σχετικά με εμάς' })).toBeVisible();
    await expect(themes.getByRole('button', { name: 'Σκοτεινό' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await shoot(page, 'theme-public-about');
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Επικοινωνία' })).toBeVisible();
    await shoot(page, 'theme-public-contact');
    // The static vision page follows the same choice.
    await page.goto('/vision.html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page);
    await shoot(page, 'theme-vision');
    await page.goto('/contact');

    // Light, chosen, stays light after a reload as well.
    await themes.getByRole('button', { name: 'Φωτεινό' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('system follows the device as it changes, in both apps, and is left when light or dark is chosen', async ({
    page,
  }) => {
    const html = page.locator('html');
    const deviceIs = async (colorScheme: 'light' | 'dark') => {
      await page.emulateMedia({ colorScheme });
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
        colorScheme === 'dark',
      );
    };
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await deviceIs('light');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await deviceIs('dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    const themes = page.getByRole('group', { name: 'Θέμα' });
    await themes.getByRole('button', { name: 'Φωτεινό' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await deviceIs('light');
    await deviceIs('dark');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await themes.getByRole('button', { name: 'Όπως το σύστημα' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');

    // The admin app reads the same choice and follows the device too.
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await openAccountMenu(page);
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await deviceIs('light');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await deviceIs('dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });

  test('admin app: dark chosen in the account box stays after a reload and reaches the public site', async ({
    page,
  }) => {
    const html = page.locator('html');
    await watchTheme(page);
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
    await openAccountMenu(page);
    const themes = page.getByRole('group', { name: 'Theme' });
    await expect(themes.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await themes.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // The menu stays open to try another.
    await expect(themes.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: 'test-results/screens/theme-admin-menu-1280.png' });
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await shoot(page, 'theme-admin-home');

    await expectDarkBeforeTheApp(page, '/admin', /\/assets\/admin-[\w-]+\.js$/, 'theme-admin');
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
    await expectAccessible(page);
    await openAccountMenu(page);
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');

    // One choice for the whole site: the public pages are dark too, and the sign-in screen.
    await page.goto('/about');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('group', { name: 'Θέμα' }).getByRole('button', { name: 'Σκοτεινό' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page);
    await shoot(page, 'theme-login');
  });

  test('admin screens on a dark device: a list, a dialog, a form and its toast', async ({ page, app }) => {
    // A role of one's own to offer Delete: the seeded ones offer none.
    const name = `Dark ${Date.now()}`;
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    await callApi(app.baseURL, admin, 'POST', '/api/auth/roles', { name, description: 'A role to delete' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);
    await shoot(page, 'theme-admin-roles');
    await page.getByRole('button', { name: 'Add New Role' }).click();
    await expect(page.getByRole('dialog', { name: 'Post Role' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'theme-admin-roles-dialog');
    await page.keyboard.press('Escape');
    await page.goto(`/admin/roles?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'theme-admin-confirm');
    await page.keyboard.press('Escape');

    await page.goto('/admin/account/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.locator('[data-sonner-toast]')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'theme-admin-profile');
  });
});
