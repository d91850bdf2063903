import { ADMIN, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][ERRORS] a screen that fails', () => {
  test('shows the fallback in its place and keeps the header and the menu', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    // A list answer without its rows: the Users screen throws while rendering it.
    await page.route(
      (url) => url.pathname === '/api/auth/users',
      (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ json: { total: 1, page: 1, pages: 1, startIndex: 1, endIndex: 1, data: null } })
          : route.continue(),
    );
    await page.goto('/admin/users');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(main.getByText(/null/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('button', { name: 'Go Back', exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Clear Local Storage and Go Back' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: ADMIN.name })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Users' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'screen-error');

    // The menu still leads to the other screens, which work.
    await menu.getByRole('link', { name: 'Roles', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);
  });
});
