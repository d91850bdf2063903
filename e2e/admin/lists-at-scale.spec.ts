import { BENCH_ADMIN, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

// 100,000 members (one in 97 blocked), as a large community has them.
test.use({ seedUsers: 100_000 });

test.describe('[ADMIN][LISTS] at 100,000 members', () => {
  test('the user picker finds one member among 100,000 as one types, by keyboard', async ({ page }) => {
    await signInAs(page, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await page.goto('/admin/user-roles');
    await page.getByRole('button', { name: 'Add New UserRole' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post UserRole' });
    const picker = dialog.getByRole('combobox', { name: 'User' });
    await picker.fill('member4242');
    // member4242 and member42420–42429: the server answers at most ten, and says how many.
    const options = dialog.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options).toHaveCount(10);
    await expect(dialog.getByText('10 results')).toBeAttached();
    await picker.fill('member4242@');
    await expect(options).toHaveCount(1);
    await expect(options).toContainText('member4242@bench.test');
    await picker.press('Enter');
    await expect(dialog.getByText(/<member4242@bench\.test>$/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Role' }).fill('Gue');
    await expect(dialog.getByRole('option', { name: 'Guest' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Role' }).press('Enter');
    await expect(dialog.getByText('Guest', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'user-roles-picker-100k');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('UserRole created successfully.')).toBeVisible();
  });

  test('sorts and filters 100,000 members from the URL', async ({ page }) => {
    await signInAs(page, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await page.goto('/admin/users?blocked=true&sort=email');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
    // Members 97, 194, … are blocked: by email, member10088 comes first.
    await expect(table.locator('tbody tr').first()).toContainText('member10088@bench.test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Users \(\d+\)$/);
    await shoot(page, 'users-100k-blocked-by-email');
  });

  test("says a broad search's total is not a count, and pages on past it", async ({ page }) => {
    await signInAs(page, BENCH_ADMIN.email, BENCH_ADMIN.password);
    // Every member's address holds "member1" in one case in nine: more than are counted.
    await page.goto('/admin/users?q=member1');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^Users \((about|at least) \d+\)$/);
    const range = page.getByRole('navigation', { name: 'Pagination' }).first();
    await expect(range).toContainText(/^1 - 25 of (about|at least) \d+$/);
    const [, , total] = /\((about|at least) (\d+)\)/.exec((await heading.textContent()) ?? '') ?? [];
    expect(Number(total)).toBeGreaterThan(1000);
    await shoot(page, 'users-100k-total-not-counted');
    await range.getByRole('button', { name: 'Next page' }).click();
    await expect(range).toContainText(/^26 - 50 of /);
  });
});
