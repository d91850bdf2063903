import { ADMIN, expect, test } from '../fixtures';
import { snap, totpCode } from './mfa';
import { expectAccessible, signInAs } from './session';

// A server of its own: with the policy on, its administrator must enrol before anything else.
test.use({ host: 'localhost', serverEnv: { MFA_REQUIRED_FOR_ADMINS: 'true' } });

test.describe('[ADMIN][MFA] MFA_REQUIRED_FOR_ADMINS', () => {
  test('an administrator without a second factor is sent to enrol one, then may go anywhere', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/account\/security$/);
    const card = page.getByRole('region', { name: 'Security' });
    await expect(
      card.getByRole('status').filter({ hasText: 'Administrators must set up a second factor before anything else.' }),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'enrolment-required');

    // Any other screen leads back here until a factor is enrolled.
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/account\/security$/);

    await card.getByRole('button', { name: 'Set up' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    const secret = (await setup.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
    await setup.getByLabel('Authentication code').fill(totpCode(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await page
      .getByRole('dialog', { name: 'Save your recovery codes' })
      .getByRole('button', { name: 'I have saved them' })
      .click();
    await expect(card.getByRole('status').filter({ hasText: 'Administrators must' })).toHaveCount(0);

    // On through the menu, not a reload: what the administrator may do is asked again, so the
    // list's buttons are offered at once.
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Users \(\d+\)$/);
    await expect(page.getByRole('button', { name: 'Add New' })).toBeVisible();
  });
});
