import { ADMIN, createMember, expect, giveSeededRole, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][NAVIGATION]', () => {
  test('an administrator sees every group, account last, and can switch to view mode', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByText('General')).toBeVisible();
    const groups = await menu.locator('button[aria-expanded]').allTextContents();
    expect(groups).toEqual(['Access', 'Content', 'Account']);
    await expect(menu.getByRole('link', { name: 'Translations' })).toBeVisible();
    await menu.getByRole('button', { name: 'Access' }).click();
    await expect(menu.getByRole('link', { name: 'Users' })).toBeHidden();
    await expectAccessible(page);

    // View mode shows the public pages, and is remembered.
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'View' }).click();
    await expect(menu.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(menu.getByRole('link', { name: 'Events' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Contact' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('menuView'))).toBe('true');
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Admin' }).click();

    // Collapse is remembered too.
    await page.getByRole('button', { name: 'Collapse' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand' }).click();
    await shoot(page, 'navigation');
  });

  test('a member sees only its own entries; initials stand in for a missing avatar', async ({ page, app }) => {
    const email = `menus-${Date.now()}@e2e.test`;
    // The initials are letters: the name's quotes and brackets are not.
    const member = await createMember(app.baseURL, {
      email,
      password: 'member-password',
      name: '"Maria" (Papadopoulou)',
    });
    await giveSeededRole(app.baseURL, member._id, 'user');

    await signInAs(page, email, 'member-password');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(menu.locator('button[aria-expanded]')).toHaveText(['Account']);
    await expect(page.getByRole('button', { name: '"Maria" (Papadopoulou)' })).toContainText('MP');

    // The account's security page is lit under the profile's entry, without calling it the page.
    const profileEntry = menu.getByRole('link', { name: 'Edit Profile' });
    await page.goto('/admin/account/security');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(profileEntry).toHaveClass(/bg-brand-50/);
    await expect(profileEntry).not.toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(profileEntry).not.toHaveClass(/bg-brand-50/);
  });

  test('the account menu names the person in full, with the address, where the header cannot', async ({
    page,
    app,
  }) => {
    const email = `long-name-${Date.now()}@e2e.test`;
    const name = 'Αικατερίνη-Παναγιώτα Χατζηκωνσταντίνου-Παπαδημητρίου';
    await createMember(app.baseURL, { email, password: 'member-password', name });
    await signInAs(page, email, 'member-password');
    const account = page.getByRole('button', { name });
    // Cut short in the header at 1280, and not shown there at all on a phone.
    expect(
      await account.locator('span', { hasText: name }).evaluate((span) => span.scrollWidth > span.clientWidth),
    ).toBe(true);
    await expect(account).toHaveAttribute('title', name);
    await page.setViewportSize({ width: 390, height: 800 });
    await account.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(name, { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(menu.getByText(email, { exact: true })).toBeInViewport({ ratio: 1 });
    await shoot(page, 'account-menu-long-name');
  });

  test('a member whose roles open no screen is told so in place of an empty menu', async ({ page, app }) => {
    const email = `no-role-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, password: 'member-password' });
    await signInAs(page, email, 'member-password');
    await expect(
      page.getByText('No screens are open to you yet. An administrator can give you a role that opens them.'),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
  });

  test('the menu starts collapsed on a narrow window when nothing is saved', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('button', { name: 'Expand' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('menuExpanded'))).toBeNull();
  });

  test('on a phone the menu goes away once an entry is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Roles', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    // The title names the screen, as its menu entry does.
    await expect(page).toHaveTitle(/^Roles · /);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    // The entry chosen went with the menu: the keyboard goes on from the button that opens it.
    await expect(page.getByRole('button', { name: 'Expand' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);

    // Escape puts it away too, and the keyboard goes back to the button that opened it.
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Expand' })).toBeFocused();

    // So does Escape on the button that opened it, and a tap on the page beside it.
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    // And Escape from any other control of the header.
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('button', { name: 'View', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Expand' })).toBeFocused();
    await page.getByRole('button', { name: 'Expand' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await page.mouse.click(370, 400);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);

    // While it covers the page, the keyboard cannot reach the page under it: Tab past its last
    // entry leaves the screen's content and footer out.
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link').last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#content, footer') ?? null)).toBeNull();
    // Nor the link that skips to it, before the header.
    await page.getByRole('button', { name: 'Collapse' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href') ?? null)).not.toBe('#content');
    await page.getByRole('button', { name: 'Collapse' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);

    // Left open, it does not cover the next page loaded.
    await page.getByRole('button', { name: 'Expand' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
  });
});
