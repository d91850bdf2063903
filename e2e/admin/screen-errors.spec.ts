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

test.describe('[ADMIN][ERRORS] a screen whose code cannot be fetched', () => {
  test('says so in words and reloads once the server answers again', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    // The Roles screen's code, asked for while the server is away.
    const rolesCode = /\/assets\/roles-[\w-]+\.js$/;
    await page.route(rolesCode, (route) => route.abort('connectionrefused'));
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Roles', exact: true }).click();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(
      main.getByText(
        'This screen could not be loaded: the server did not answer. Once your connection is back, reload the page.',
      ),
    ).toBeVisible();
    await expect(main.getByText(/dynamically imported module/)).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, 'screen-not-loaded');

    await page.unroute(rolesCode);
    await main.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Roles \(\d+\)$/);
  });
});
