import { mailText } from '../../apps/server/src/test/smtp-capture';
import { ADMIN, createMember, expect, test } from '../fixtures';
import { expectAccessible, logOut, shoot } from './session';

test.describe('[ADMIN][AUTH]', () => {
  test('the guard sends a visitor to the login with next, and signing in goes back there', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'login');

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(stored.user.email).toBe(ADMIN.email);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userRole') ?? '[]'))).toEqual([
      expect.objectContaining({ type: 'admin' }),
    ]);
    await expectAccessible(page);
    await shoot(page, 'home');

    // Signed in: the forgot screen is not for you.
    await page.goto('/admin/forgot-password');
    await expect(page).toHaveURL(/\/admin$/);

    await logOut(page, ADMIN.name);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });

  test('shows the validation messages and the server sentence', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Entered value does not match email format')).toBeVisible();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  });

  // Browsers drop tabs and line breaks from URLs: `/<tab>/evil.test` would become `//evil.test`, as
  // dot segments do `/.//evil.test`.
  for (const next of [
    '//evil.test/steal',
    '/%09/evil.test/steal',
    '/%0a/evil.test/steal',
    '/%0d/evil.test/steal',
    '/.//evil.test/steal',
  ]) {
    test(`M4: keeps next=${next} on this site`, async ({ page }) => {
      await page.goto(`/admin/login?next=${next}`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin$/);
    });
  }

  test('M4: follows next to a path of this site, in the admin app or the public site', async ({ page }) => {
    await page.goto('/admin/login?next=/admin/users%3Fpage%3D1');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/admin\/users\?page=1$/);
  });

  test('resets a forgotten password through the mail', async ({ page, app }) => {
    const email = `reset-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email });
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('An email has been sent with further instructions.')).toBeVisible();

    const mail = mailText((await app.smtp.waitFor(email)).raw);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/admin\/reset-password\/[\w-]+)/.exec(mail)![1]!;
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'reset-password');
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('different-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Password Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
  });

  test('the signed-out screens switch language, name themselves and lead back to the site', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveTitle(/^Sign in · /);
    await expect(page.getByRole('link', { name: /^Back to the site: / })).toHaveAttribute('href', '/');
    const languages = page.getByRole('group', { name: 'Language' });
    await languages.getByRole('button', { name: /^el\b/ }).click();
    await expect(page.getByRole('heading', { name: 'Σύνδεση' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Πίσω στον ιστότοπο: / })).toBeVisible();
    await expect(page).toHaveTitle(/^Σύνδεση · /);
    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: /^en\b/ }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    // A reset link that was used, has expired or never was offers a new one, and the way back.
    await page.goto('/admin/reset-password/no-such-token');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/admin/login');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('shows the 404 page for unknown admin paths', async ({ page }) => {
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GO TO SHOP' })).toHaveAttribute('href', '/kiosk');
    await expectAccessible(page);
  });
});
