import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';
import { textLines } from './text-lines';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const keysOf = (value: unknown, prefix = ''): string[] =>
  Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keysOf(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

test.describe('[ADMIN][I18N]', () => {
  test('every text has a Greek and an English version', () => {
    const el = JSON.parse(fs.readFileSync(path.join(localesDir, 'el.json'), 'utf8'));
    const en = JSON.parse(fs.readFileSync(path.join(localesDir, 'en.json'), 'utf8'));
    expect(keysOf(el).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(el)) {
      const text = key
        .split('.')
        .reduce((node: Record<string, unknown>, part) => node[part] as Record<string, unknown>, el);
      expect(String(text).trim(), key).not.toBe('');
    }
  });

  test('the Greek switch changes the texts, and the choice is kept', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await expect(page.getByRole('heading', { name: `Καλώς ήρθατε, ${ADMIN.name}` })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('el');
    // The page says its language: screen readers read Greek as Greek.
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await page.goto('/admin/users');
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Χρήστες \(\d+\)$/);
    await expect(page.getByRole('columnheader', { name: 'Ημερομηνία εγγραφής' })).toBeVisible();
    // The menu's own entries and groups are named in Greek too.
    const menu = page.getByRole('navigation', { name: 'Μενού' });
    await expect(menu.getByRole('link', { name: 'Χρήστες' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Αρχείο ενεργειών' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Πρόσβαση' })).toBeVisible();
    await page.getByRole('button', { name: 'Νέος χρήστης' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Αποθήκευση' }).click();
    await expect(page.getByRole('dialog').getByText('Το πεδίο Όνομα είναι υποχρεωτικό')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'users-greek');
    await page.keyboard.press('Escape');
    // The roles the product installed are described in Greek, with their type and menu entries.
    await menu.getByRole('link', { name: 'Ρόλοι', exact: true }).click();
    const guest = page.getByRole('row', { name: /^Guest / });
    await expect(guest).toContainText('επισκέπτης');
    await expect(guest).toContainText('Επισκέπτες που δεν έχουν συνδεθεί.');
    // A type is one word, never broken between its letters however the columns share the width.
    expect(await textLines(page.getByRole('cell', { name: 'διαχειριστής', exact: true }))).toEqual(['διαχειριστής']);
    await expect(guest).toContainText('Σχετικά');
    await expect(guest).toContainText('Επικοινωνία');
    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: 'English' }).click();
    await expect(guest).toContainText('Visitors who are not signed in.');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Users \(\d+\)$/);
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' })).toBeVisible();
  });
});

test.describe('[ADMIN][I18N] language', () => {
  test('a Greek browser reads Greek, a kept choice comes first, and texts that fail are read again', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'el-GR' });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Σύνδεση' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'el');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('el-GR');

    // A choice made earlier wins over the browser's language; the server fails twice meanwhile.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    let failures = 0;
    await page.route('**/locales/en/translations.json', (route) =>
      failures++ < 2 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(failures).toBe(3);
    await context.close();
  });

  test('a browser that prefers a language the app lacks gets the first of its languages the app speaks', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'de-DE' });
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'languages', { get: () => ['de-DE', 'de', 'en-US', 'en', 'el'] }),
    );
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/locales/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Nothing is asked for a language that has no texts.
    expect(asked.filter((pathname) => pathname.includes('/de'))).toEqual([]);
    await context.close();
  });
});

test.describe('[ADMIN][ERRORS]', () => {
  test('a broken stored login shows the fallback, whose button clears it', async ({ page }) => {
    await page.goto('/admin/login');
    // A login stored by an older version, without the user part.
    await page.evaluate(() => localStorage.setItem('userInfo', JSON.stringify({ token: 'stale' })));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Go Back', exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'error-fallback');
    await page.getByRole('button', { name: 'Clear Local Storage and Go Back' }).click();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
  });
});

test.describe('[ADMIN][ERRORS] when the server cannot be reached', () => {
  test('a save says the request failed on the way', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    await page.route('**/api/auth/users', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post User' });
    await dialog.getByLabel('Name').fill('Offline');
    await dialog.getByLabel('Email').fill('offline@e2e.test');
    await dialog.getByLabel('Password', { exact: true }).fill('secret1');
    await dialog.getByLabel('Confirm Password').fill('secret1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'An error occurred while creating the user.' }),
    ).toBeVisible();
  });
});
