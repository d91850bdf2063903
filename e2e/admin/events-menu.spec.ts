import { ADMIN, expect, test } from '../fixtures';
import { signInAs } from './session';

test.describe('[ADMIN][EVENTS MENU]', () => {
  test('the admin screen and the public page share the path /events, and each link goes to its own', async ({
    page,
  }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const manage = menu.getByRole('link', { name: 'Manage events' });
    await expect(manage).toHaveAttribute('href', '/admin/events');
    // The public page is not an admin entry.
    await expect(menu.getByRole('link', { name: 'Events', exact: true })).toHaveCount(0);
    await manage.click();
    await expect(page).toHaveURL(/\/admin\/events$/);

    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'View' }).click();
    await expect(menu.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('href', '/events');
    await expect(menu.getByRole('link', { name: 'Manage events' })).toHaveCount(0);
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Admin' }).click();
  });

  test('the public site links its Events page and never the admin screen', async ({ page }) => {
    await page.goto('/');
    const links = page.locator('a[href="/events"]');
    await expect(links.first()).toBeVisible();
    await expect(page.locator('a[href="/admin/events"]')).toHaveCount(0);
  });
});
