import fs from 'node:fs';
import { mailText } from '../../apps/server/src/test/smtp-capture';
import { createMember, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][PRIVACY]', () => {
  test('a member downloads their data, then deletes their account', async ({ page, app }) => {
    const email = `leaving-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Νίκος Φεύγει', password: 'member-password' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/profile');
    const card = page.getByRole('region', { name: 'My data' });
    await expect(card).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'profile-my-data');

    // The file holds what is kept about me, and none of my secrets.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = fs.readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(file) as { person: { email: string }; tables: Record<string, unknown[]> };
    expect(data.person.email).toBe(email);
    expect(data.tables.users).toEqual([expect.objectContaining({ email, name: 'Νίκος Φεύγει' })]);
    expect(data.tables.sessions!.length).toBeGreaterThan(0);
    expect(file).not.toMatch(/argon2/);

    // Deleting asks for the password again.
    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The password is not right.')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'profile-delete-account');
    await dialog.getByLabel('Password').fill('member-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account and everything stored about you were deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // Gone: the password no longer signs in, and a mail confirms it.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('member-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    // The member signed in from an English screen, so their mail is in English.
    expect(mailText((await app.smtp.waitFor(email)).raw)).toContain('Your account was deleted');
  });
});
