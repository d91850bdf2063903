import fs from 'node:fs';
import { ADMIN, createMember, expect, test } from '../fixtures';
import { addVirtualAuthenticator, apiSignIn, enrolTotp, enterPassword, snap, totpCode, wrongCode } from './mfa';
import { expectAccessible, logOut, shoot, signInAs } from './session';

// WebAuthn refuses a bare IP address: this file's server is http://localhost:<port>.
test.use({ host: 'localhost' });

const WRONG_CODE = 'That code is not right. Check the time on your device and try again.';

test.describe('[ADMIN][MFA] authenticator app', () => {
  test('set up on the Security card, then asked for after the password, back to next', async ({ page, app }) => {
    // Several sign-ins, dialogs and accessibility checks in one story.
    test.slow();
    const email = `totp-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Tess Totp' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/security');
    const card = page.getByRole('region', { name: 'Security' });
    await expect(card.getByRole('heading', { name: /Authenticator app/ })).toContainText('Not set up');
    await expect(card).toContainText('You get 10 recovery codes when you set up your first second factor.');
    await expectAccessible(page);
    await snap(card, 'security-card-empty');

    // Left with Escape, the focus is back on Set up, which was busy while the setup was asked for.
    const setUp = card.getByRole('button', { name: 'Set up' });
    await setUp.press('Enter');
    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(setup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(setup).toBeHidden();
    await expect(setUp).toBeFocused();

    await setUp.click();
    await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const shownKey = await setup.getByLabel('Setup key').inputValue();
    expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = shownKey.replace(/\s/g, '');
    await expectAccessible(page);
    await snap(setup, 'totp-setup-dialog');
    // The key can be copied, and a phone shows all of it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await setup.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText('The key was copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 800 });
    const overflow = await setup
      .getByLabel('Setup key')
      .evaluate((area) => [area.scrollWidth - area.clientWidth, area.scrollHeight - area.clientHeight]);
    expect(overflow).toEqual([0, 0]);
    await page.setViewportSize(desktop);

    // Too few digits is no code at all, and is said so under the field, not as a wrong code.
    const codeField = setup.getByLabel('Authentication code');
    await codeField.fill('12');
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(codeField).toHaveAccessibleDescription('A code is the 6 digits your app shows.');
    await expect(codeField).toBeFocused();
    await expect(setup.getByRole('alert').filter({ hasText: WRONG_CODE })).toHaveCount(0);
    await setup.getByLabel('Authentication code').fill(wrongCode(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(setup.getByRole('alert').filter({ hasText: WRONG_CODE })).toBeVisible();
    await setup.getByLabel('Authentication code').fill(totpCode(secret));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('The authenticator app is set up.')).toBeVisible();

    // The first factor brings the recovery codes, shown this once.
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const codes = await saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await expectAccessible(page);
    await snap(saved, 'recovery-codes-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      saved.getByRole('button', { name: 'Download as text' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const file = fs.readFileSync((await download.path())!, 'utf8');
    for (const code of codes) expect(file).toContain(code);
    // Neither Escape nor a click beside it loses them; only the answer closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(saved).toBeVisible();
    await expect(saved.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    await expect(saved).toBeHidden();
    await expect(card.getByRole('heading', { name: /Authenticator app/ })).toContainText('On');
    // The focus is on the row the codes came with, which says the app is on.
    await expect(card.getByRole('heading', { name: /Authenticator app/ })).toBeFocused();
    await expect(card).toContainText('10 of 10 left');
    await expectAccessible(page);
    await snap(card, 'security-card');
    await shoot(page, 'security-card');
    await logOut(page, 'Tess Totp');

    // Password, then a code: the code field is ready to type into.
    await enterPassword(page, email, 'member-password', '/admin/account/profile');
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await code.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: WRONG_CODE })).toBeVisible();
    await expect(code).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'login-second-step-en');
    await shoot(page, 'login-second-step');
    // The code that confirmed the app is spent: the next one signs in.
    await code.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/account\/profile$/);
    await logOut(page, 'Tess Totp');

    // A recovery code instead, once.
    await enterPassword(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recovery = page.getByLabel('Recovery code');
    await expect(recovery).toBeFocused();
    await snap(page, 'login-recovery-code-en');
    await recovery.fill(codes[0]!.toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await page.goto('/admin/account/security');
    await expect(card).toContainText('9 of 10 left');
    await logOut(page, 'Tess Totp');
    await enterPassword(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'That recovery code is not right or was already used.' }),
    ).toBeVisible();
  });

  test('five wrong codes end the sign-in: back to the password, saying why', async ({ page, app }) => {
    const email = `five-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email });
    const { secret } = await enrolTotp(app.baseURL, email);
    await enterPassword(page, email);
    const wrong = wrongCode(secret);
    for (let attempt = 1; attempt < 5; attempt++) {
      await page.getByLabel('Authentication code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert').filter({ hasText: WRONG_CODE })).toBeVisible();
    }
    await page.getByLabel('Authentication code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Too many wrong codes. Start again with your email and password.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    // The audit log names the factor the wrong answers used, in words.
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/audit-log');
    await expect(
      page.getByText(`A wrong second-factor answer in a sign-in as ${email}: factor: authenticator app`).first(),
    ).toBeVisible();
  });

  test('Google sign-in asks for the second factor the same way', async ({ page, app }) => {
    const email = `google-mfa-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email });
    const { secret } = await enrolTotp(app.baseURL, email);
    app.google.nextCredential = await app.google.idToken(email);
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('in Greek, the second step reads in Greek', async ({ page, app }) => {
    const email = `greek-mfa-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email });
    const { secret } = await enrolTotp(app.baseURL, email);
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'el'));
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Κωδικός').fill('member-password');
    await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Επαλήθευση σε δύο βήματα' })).toBeVisible();
    await page.getByLabel('Κωδικός επαλήθευσης').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Επαλήθευση', exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Ο κωδικός δεν είναι σωστός. Ελέγξτε την ώρα της συσκευής σας και δοκιμάστε ξανά.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Χρήση κωδικού ανάκτησης' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'login-second-step-el');
    await page.getByLabel('Κωδικός επαλήθευσης').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Επαλήθευση', exact: true }).click();
    await expect(page.getByText('Συνδεθήκατε επιτυχώς.')).toBeVisible();
  });
});

test.describe('[ADMIN][MFA] the profile of an account with a second factor', () => {
  test('a new password asks for the current one', async ({ page, app }) => {
    const email = `current-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email });
    const { secret } = await enrolTotp(app.baseURL, email);
    await enterPassword(page, email, 'member-password', '/admin/account/profile');
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const current = page.getByLabel('Current password');
    await expect(current).toHaveCount(0);
    await page.getByLabel('Password', { exact: true }).fill('a new password 1');
    await page.getByLabel('Confirm Password').fill('a new password 1');
    await expect(current).toHaveAccessibleDescription('Asked because your account has a second factor.');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Enter your current password to change it: your account has a second factor.',
      }),
    ).toBeVisible();
    await current.fill('member-password');
    await snap(page, 'profile-current-password');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile Updated successfully.')).toBeVisible();
    await expect(current).toHaveCount(0);
    expect((await apiSignIn(app.baseURL, email, 'a new password 1')).mfaRequired).toBe(true);
  });
});

test.describe('[ADMIN][MFA] passkeys', () => {
  test('a passkey added on the Security card signs in alone, and as the second step', async ({ page, app }) => {
    test.slow();
    const authenticator = await addVirtualAuthenticator(page);
    const email = `passkey-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Pat Passkey' });
    await signInAs(page, email, 'member-password');
    await page.goto('/admin/account/security');
    const card = page.getByRole('region', { name: 'Security' });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await expect(add.getByLabel('Name')).toHaveValue('Chrome on Linux');
    await expectAccessible(page);
    await snap(add, 'add-passkey-dialog');
    await add.getByLabel('Name').fill('E2E security key');
    await add.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The passkey was added.')).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    // The first factor brings the recovery codes.
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(saved.getByRole('listitem')).toHaveCount(10);
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    const passkeys = card.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys).toContainText('E2E security key');
    await expect(passkeys).toContainText('last used never');
    await expectAccessible(page);
    await snap(card, 'security-card-passkey');
    await logOut(page, 'Pat Passkey');

    // No email, no password: the passkey alone.
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await logOut(page, 'Pat Passkey');

    // After the password, the passkey is the second step (no app: it is offered first).
    await enterPassword(page, email);
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'login-second-step-passkey-en');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();

    // The last factor goes only with the password.
    await page.goto('/admin/account/security');
    await expect(passkeys).not.toContainText('last used never');
    await passkeys.getByRole('button', { name: 'Remove passkey E2E security key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect(confirm).toContainText('is your last second factor');
    await confirm.getByLabel('Password').fill('not-the-password');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm.getByRole('alert').filter({ hasText: 'The password is not right.' })).toBeVisible();
    await expectAccessible(page);
    await snap(confirm, 'remove-last-factor-dialog');
    await confirm.getByLabel('Password').fill('member-password');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('The passkey was removed.')).toBeVisible();
    await expect(passkeys).toHaveCount(0);
    await expect(card.getByRole('heading', { name: 'Passkeys' })).toContainText('Not set up');
    expect(await apiSignIn(app.baseURL, email)).toHaveProperty('token');
  });
});

test.describe('[ADMIN][MFA] administrators', () => {
  test('the home screen warns an administrator without a second factor', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const warning = page.getByRole('status').filter({ hasText: 'Your account has no second factor.' });
    await expect(warning).toBeVisible();
    await expectAccessible(page);
    await warning.getByRole('link', { name: 'Set one up' }).click();
    await expect(page).toHaveURL(/\/admin\/account\/security$/);
    await expect(page.getByRole('region', { name: 'Security' })).toBeInViewport();
  });

  test("an administrator resets a member's second factors from the users screen", async ({ page, browser, app }) => {
    test.slow();
    const email = `reset-mfa-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Rita Reset' });
    const { secret } = await enrolTotp(app.baseURL, email);
    expect(await apiSignIn(app.baseURL, email)).toHaveProperty('mfaRequired', true);
    // Signed in elsewhere before the reset: that session ends with it.
    const theirs = await browser.newContext();
    const member = await theirs.newPage();
    await enterPassword(member, email);
    await member.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await member.getByRole('button', { name: 'Verify' }).click();
    await expect(member.getByText('Login successful.')).toBeVisible();

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    await page.getByRole('searchbox').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Reset second factor of Rita Reset' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset second factor?' });
    await expect(confirm).toContainText('every second factor of Rita Reset');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Reset' }).click();
    await expect(
      page.getByText('The second factors of Rita Reset were removed and they were signed out everywhere.'),
    ).toBeVisible();
    // With no factor left there is nothing more to reset: the row no longer offers it.
    await expect(page.getByRole('button', { name: 'Edit ' + email })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset second factor of Rita Reset' })).toHaveCount(0);
    expect(await apiSignIn(app.baseURL, email)).toHaveProperty('token');
    await member.reload();
    await expect(member).toHaveURL(/\/admin\/login/);
    await theirs.close();
  });
});
