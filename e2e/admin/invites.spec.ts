import type { Browser, Page } from '@playwright/test';
import { ADMIN, callApi, expect, standInForGoogle, test, tokenOf } from '../fixtures';
import { mailText } from '../../apps/server/src/test/smtp-capture';
import { expectAccessible, logOut, shoot, signInAs } from './session';
import { textLines } from './text-lines';

/** Creates an invite on the Invites screen and answers its link. */
async function createInvite(page: Page, email = '') {
  await page.goto('/admin/invites');
  await expect(page.getByRole('heading', { level: 1, name: 'Invites' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await expect(page.getByLabel('Expires in (hours)')).toHaveValue('48');
  await page.getByRole('button', { name: 'Create Invite' }).click();
  await expect(page.getByText('Invite created.')).toBeVisible();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/admin\/invite\?token=[\w-]{43}$/);
  return link;
}

/** The mails sent to `email` so far, once there are `count` of them. */
async function mailsTo(app: { smtp: { mails: { to: string[]; raw: string }[] } }, email: string, count: number) {
  const sent = () => app.smtp.mails.filter((mail) => mail.to.includes(email));
  await expect.poll(() => sent().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return sent();
}

/** Draws a mail's HTML part as a mail client would, for a screenshot of it. */
async function showMail(page: Page, raw: string, name: string) {
  const text = mailText(raw);
  const html = text.slice(text.indexOf('<!DOCTYPE'), text.lastIndexOf('</html>') + '</html>'.length);
  expect(html).toContain('<html');
  await page.setContent(html);
  await shoot(page, name);
}

/** A visitor with no session of their own. */
async function visitor(browser: Browser, app: { baseURL: string; google: Parameters<typeof standInForGoogle>[1] }) {
  const context = await browser.newContext({ baseURL: app.baseURL, locale: 'en-US' });
  await standInForGoogle(context, app.google);
  return context.newPage();
}

test.describe('[ADMIN][INVITES]', () => {
  // Long flows, across two browsers and the mailbox: on a slow machine one has taken over 90 s.
  test.describe.configure({ timeout: 150_000 });
  test('an invite mailed to an address: register, confirm by mail, approval mailed, the member signs in', async ({
    page,
    browser,
    app,
  }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Invites' }).click();
    await expect(page).toHaveURL(/\/admin\/invites$/);

    // The form's own rule, then an invite for one address.
    await page.getByLabel('Expires in (hours)').fill('0');
    await page.getByRole('button', { name: 'Create Invite' }).click();
    await expect(page.getByText('Expires in (hours) must be at least 1')).toBeVisible();
    const email = `invitee-${Date.now()}@e2e.test`;
    const link = await createInvite(page, email);
    const created = page.getByTestId('created-invite');
    await expect(created.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(created.getByRole('link', { name: 'Open' })).toHaveAttribute('href', link);
    const token = new URL(link).searchParams.get('token')!;
    const row = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await expect(row.getByText('Not used')).toBeVisible();
    await expect(row.getByRole('button', { name: `Send the invite to ${email} again` })).toBeVisible();
    await expect(page.getByText(/^Page 1 \/ 1 • Total \d+$/)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'invites');

    // The invite arrives by mail (the administrator chose no language: Greek), with the same link.
    const invitee = await visitor(browser, app);
    const mailed = await mailsTo(app, email, 1);
    expect(mailText(mailed[0]!.raw)).toContain(link);
    await showMail(invitee, mailed[0]!.raw, 'mail-invite-el');

    // The invitee registers through the mailed link: English on screen, so English mail.
    await invitee.goto(link);
    await expect(invitee.getByText(`This invite is for ${email}.`)).toBeVisible();
    await invitee.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(invitee.getByText('Name is required')).toBeVisible();
    await invitee.getByLabel('Name').fill('Γιώργος Νέος');
    await invitee.getByLabel('Password').fill('invitee-pass');
    await expectAccessible(invitee);
    await shoot(invitee, 'accept-invite');
    await invitee.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(invitee.getByText(`Almost there: open the link we sent to ${email}`)).toBeVisible();

    // Until the address is confirmed, the administrator sees it waiting and nobody can approve it.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Waiting for the address to be confirmed')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve' })).toBeHidden();
    // Anyone else opening the link meanwhile is told before filling the form in.
    await invitee.goto(link);
    await expect(
      invitee.getByRole('status').filter({ hasText: 'Someone has registered with this invite' }),
    ).toBeVisible();

    // The second mail confirms the address.
    const confirmation = (await mailsTo(app, email, 2))[1]!;
    const confirmLink = /(http:\/\/[\w.:]+\/admin\/confirm-email\?token=[\w-]+)/.exec(mailText(confirmation.raw))![1]!;
    await showMail(invitee, confirmation.raw, 'mail-confirm-email-en');
    await invitee.goto(confirmLink);
    await expect(invitee.getByRole('heading', { name: 'Confirm your address' })).toBeVisible();
    await expectAccessible(invitee);
    await shoot(invitee, 'confirm-email');
    // Clicked twice at once, the link is sent once: the second answer would say it is spent.
    await invitee.getByRole('button', { name: 'Confirm my address' }).dblclick();
    await expect(invitee.getByText('Registration submitted. Awaiting approval.')).toBeVisible();
    await expect(invitee.getByText('This confirmation link has already been used.')).toBeHidden();

    // Until approved, the account cannot sign in, and the link is spent.
    await invitee.goto('/admin/login');
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill('invitee-pass');
    await invitee.getByRole('button', { name: 'Login' }).click();
    await expect(invitee.getByText('Your account is awaiting approval.')).toBeVisible();
    await invitee.goto(link);
    await expect(invitee.getByText('This invite has already been used.')).toBeVisible();

    // The admin sees the registration waiting on the home screen, and approves it there.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Submitted')).toBeVisible();
    await expect(row.getByText(`Γιώργος Νέος (${email}) awaits approval`)).toBeVisible();
    await shoot(page, 'invites-submitted');
    await page.goto('/admin');
    const registrations = page.getByRole('region', { name: 'Registrations' });
    await expect(registrations.getByText(email)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Members' }).getByRole('table', { name: 'New members per week' }),
    ).toBeAttached();
    await expectAccessible(page);
    await shoot(page, 'dashboard');
    // The bell counts the registration until it is decided, and stops at once, not at its next poll.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const unread = async () =>
      Number(/^Notifications, (\d+) unread$/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect.poll(unread).toBeGreaterThan(0);
    const unreadBefore = await unread();
    // Users, read before the approval, shows it after without a reload.
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('searchbox').fill(email);
    const userRow = page.getByRole('row').filter({ hasText: email });
    // Not confirmed, not blocked.
    await expect(userRow.getByRole('img', { name: 'No' })).toHaveCount(2);
    await menu.getByRole('link', { name: 'Home' }).click();
    // A double click approves once.
    const approvals: string[] = [];
    page.on('request', (request) => request.url().endsWith('/approve') && approvals.push(request.url()));
    await registrations.getByRole('button', { name: 'Approve Γιώργος Νέος' }).dblclick();
    await expect(page.getByText('User approved.')).toBeVisible();
    expect(approvals).toHaveLength(1);
    await expect(page.getByText('This invite has no registration awaiting approval.')).toHaveCount(0);
    await expect.poll(unread, { timeout: 3000 }).toBe(unreadBefore - 1);
    await expect(registrations.getByText(email)).toBeHidden();
    await menu.getByRole('link', { name: 'Users' }).click();
    await expect(userRow.getByRole('img', { name: 'Yes' })).toHaveCount(1);
    await expect(userRow.getByRole('img', { name: 'No' })).toHaveCount(1);
    await page.goto('/admin/invites');
    await expect(row.getByText(/^Used (?!by )/)).toBeVisible();
    await expect(row.getByText(`Used by Γιώργος Νέος (${email})`)).toBeVisible();
    const approval = (await mailsTo(app, email, 3))[2]!;
    const signInLink = /(http:\/\/[\w.:]+\/admin\/login)/.exec(mailText(approval.raw))![1]!;
    await showMail(invitee, approval.raw, 'mail-approved-en');

    // The new member signs in from the mailed link and lands in the back-office.
    await invitee.goto(signInLink);
    await signInAs(invitee, email, 'invitee-pass');
    await expect(invitee).toHaveURL(/\/admin$/);
    await invitee.context().close();
  });

  test('an invite for anyone is named by who registered through it, in a bulk outcome too', async ({ page, app }) => {
    const admin = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const { link } = await callApi<{ link: string }>(app.baseURL, admin, 'POST', '/api/auth/invites', { hours: 48 });
    const email = `anyone-${Date.now()}@e2e.test`;
    await callApi(app.baseURL, null, 'POST', '/api/auth/register-invite', {
      token: new URL(link).searchParams.get('token'),
      name: 'Δημήτρης Άλλος',
      email,
      password: 'anyone-pass',
    });
    const confirmation = (await mailsTo(app, email, 1))[0]!;
    const confirmToken = /confirm-email\?token=([\w-]+)/.exec(mailText(confirmation.raw))![1]!;
    await callApi(app.baseURL, null, 'POST', '/api/auth/register-invite/confirm', { token: confirmToken });

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/invites');
    const name = `Δημήτρης Άλλος (${email})`;
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    // Refused (the registration awaits a decision), and named as the row names it.
    await expect(page.getByRole('listitem').filter({ hasText: `${name}:` })).toBeVisible();
  });

  test('revoke an invite: its link stops working', async ({ page, browser, app }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const link = await createInvite(page);
    const token = new URL(link).searchParams.get('token')!;
    const row = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await row.getByRole('button', { name: `Revoke invite ${token.slice(0, 8)}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Revoke this invite? Its link stops working at once.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Invite revoked.')).toBeVisible();
    await expect(row.getByText('Revoked')).toBeVisible();
    const invitee = await visitor(browser, app);
    await invitee.goto(link);
    await expect(invitee.getByText('Invite not valid.')).toBeVisible();
    await invitee.context().close();
  });

  test('a long address wraps at its @ and dots, and the table fits a laptop screen in both languages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, ADMIN.email, ADMIN.password);
    const email = `konstantina.papadopoulou@community-athens.example.org`;
    const token = new URL(await createInvite(page, email)).searchParams.get('token')!;
    for (const language of ['English', 'Ελληνικά']) {
      await page
        .getByRole('group', { name: /Language|Γλώσσα/ })
        .getByRole('button', { name: language })
        .click();
      const cell = page
        .getByRole('row', { name: new RegExp(token.slice(0, 8)) })
        .getByRole('cell', { name: email, exact: true });
      await expect(cell).toBeVisible();
      // A line may end after the @ or a hyphen, or before a dot of the part before the @, never
      // inside a word nor inside the domain's name.
      const lines = await textLines(cell);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.join('')).toBe(email);
      expect(lines.at(-1)).toMatch(/athens\.example\.org$/);
      for (const [i, line] of lines.entries())
        if (i > 0) expect(`${lines[i - 1]!.at(-1)}${line[0]}`).toMatch(/^[@-].|^.\.$/);
      const table = page.getByRole('table').locator('xpath=..');
      // Nothing hidden past the table's right edge, to be scrolled to.
      expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    }
    // On a phone the table scrolls sideways under the row's buttons, pinned in view.
    await page.setViewportSize({ width: 390, height: 800 });
    const row = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await row.getByRole('checkbox').scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /^Αντιγραφή/ })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: /^Διαγραφή/ })).toBeInViewport({ ratio: 1 });
  });

  test('one link for several accounts, to a chosen role: each registration is approved on its own', async ({
    page,
    browser,
    app,
  }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/invites');
    await page.getByLabel('Uses').fill('2');
    // The User role is offered once, as the default; another is chosen here.
    const role = page.getByLabel('Role');
    await expect(role.getByRole('option', { name: /^User/ })).toHaveText(['User (default)']);
    await role.selectOption({ label: 'Guest' });
    await page.getByRole('button', { name: 'Create Invite' }).click();
    await expect(page.getByText('Invite created.')).toBeVisible();
    const link = await page.getByLabel('Invite link').inputValue();
    const token = new URL(link).searchParams.get('token')!;
    const row = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await expect(row.getByText('0 of 2 used')).toBeVisible();
    await expect(row.getByText('Role: Guest')).toBeVisible();

    const invitee = await visitor(browser, app);
    const email = `several-${Date.now()}@e2e.test`;
    await invitee.goto(link);
    await invitee.getByLabel('Name').fill('Πρώτη Από Δύο');
    await invitee.getByLabel('Email').fill(email);
    await invitee.getByLabel('Password').fill('several-pass');
    await invitee.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(invitee.getByText(`Almost there: open the link we sent to ${email}`)).toBeVisible();
    const confirmation = (await mailsTo(app, email, 1))[0]!;
    await invitee.goto(/(http:\/\/[\w.:]+\/admin\/confirm-email\?token=[\w-]+)/.exec(mailText(confirmation.raw))![1]!);
    await invitee.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(invitee.getByText('Registration submitted. Awaiting approval.')).toBeVisible();
    // The button is gone with the confirmation: the keyboard goes on from the way out.
    await expect(invitee.getByRole('link', { name: 'Back to sign in' })).toBeFocused();
    await invitee.context().close();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('1 of 2 used')).toBeVisible();
    const account = row.getByRole('list', { name: 'Accounts made with this invite' }).getByRole('listitem');
    await expect(account.getByText(`Πρώτη Από Δύο (${email})`)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'invites-several');
    // Approved by keyboard, the buttons go and the focus stays on the line, on its new state.
    await account.getByRole('button', { name: 'Approve Πρώτη Από Δύο' }).press('Enter');
    await expect(page.getByText('User approved.')).toBeVisible();
    await expect(account.getByText(/^Used/)).toBeVisible();
    await expect(account.getByText(/^Used/)).toBeFocused();
  });

  test('an invite naming an email locks it; reject and delete', async ({ page, browser, app }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const email = `named-${Date.now()}@e2e.test`;
    const link = await createInvite(page, email);
    await expect(page.getByTestId('created-invite').getByText(`For ${email}`)).toBeVisible();

    const invitee = await visitor(browser, app);
    await invitee.goto(link);
    await expect(invitee.getByText(`This invite is for ${email}.`)).toBeVisible();
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await expect(invitee.getByLabel('Email')).toHaveAttribute('readonly', '');
    await invitee.getByLabel('Name').fill('Rejected Person');
    await invitee.getByLabel('Password').fill('rejected-pass');
    await invitee.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(invitee.getByText(`Almost there: open the link we sent to ${email}`)).toBeVisible();
    const confirmation = (await mailsTo(app, email, 2))[1]!;
    await invitee.goto(/(http:\/\/[\w.:]+\/admin\/confirm-email\?token=[\w-]+)/.exec(mailText(confirmation.raw))![1]!);
    await invitee.getByRole('button', { name: 'Confirm my address' }).click();
    await expect(invitee.getByText('Registration submitted. Awaiting approval.')).toBeVisible();

    const token = new URL(link).searchParams.get('token')!;
    const row = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await page.getByRole('button', { name: 'Refresh' }).click();
    // Rejecting asks first; Cancel leaves the registration waiting.
    await row.getByRole('button', { name: 'Reject Rejected Person' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Reject Rejected Person' });
    await expect(ask.getByText('Their account is deleted and they are told by mail.')).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getByText('Submitted')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reject Rejected Person' })).toBeFocused();
    await row.getByRole('button', { name: 'Reject Rejected Person' }).click();
    await ask.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Invite rejected.')).toBeVisible();
    await expect(row.getByText('Rejected')).toBeVisible();
    // The row's buttons went: the focus is on its new state, not back at the top of the page.
    await expect(row.getByText('Rejected')).toBeFocused();
    const rejection = (await mailsTo(app, email, 3))[2]!;
    expect(mailText(rejection.raw)).toContain('did not approve your registration');
    await showMail(invitee, rejection.raw, 'mail-rejected-en');
    await invitee.goto(link);
    await expect(invitee.getByText('Invite not valid.')).toBeVisible();

    // Delete asks first; No keeps the invite.
    await row.getByRole('button', { name: /^Delete invite/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Delete this invite?');
    await page.getByRole('button', { name: 'No' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Delete invite/ }).click();
    await page.getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Invite deleted.')).toBeVisible();
    await expect(row).toBeHidden();
    // Its buttons went with it: the focus is on the list's title.
    await expect(page.getByRole('heading', { name: 'Existing invites' })).toBeFocused();
    await invitee.context().close();
  });

  test('an unknown invite link says so', async ({ browser, app }) => {
    const invitee = await visitor(browser, app);
    await invitee.goto('/admin/invite?token=not-a-real-token');
    await expect(invitee.getByText('Invite not valid.')).toBeVisible();
    await invitee.goto('/admin/invite');
    await expect(invitee.getByText('Invite not valid.')).toBeVisible();
    await expectAccessible(invitee);
    await invitee.context().close();
  });

  test('Google sign-in through an invite creates the member and signs them in', async ({ page, browser, app }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    const email = `google-${Date.now()}@e2e.test`;
    const link = await createInvite(page, email);
    const token = new URL(link).searchParams.get('token')!;
    await logOut(page, ADMIN.name);

    // Without an invite an unknown Google account is turned away.
    const stranger = await visitor(browser, app);
    app.google.nextCredential = await app.google.idToken(`stranger-${Date.now()}@e2e.test`);
    await stranger.goto('/admin/login');
    await stranger.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(
      stranger.getByText('No account uses this Google address. Ask an administrator for an invite.'),
    ).toBeVisible();
    await stranger.context().close();

    const invitee = await visitor(browser, app);
    app.google.nextCredential = await app.google.idToken(email, { name: 'Άννα Google' });
    await invitee.goto(link);
    await invitee.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(invitee).toHaveURL(new RegExp(`/admin/login\\?invite=${token}$`));
    await expect(invitee.getByText('Sign in with Google to accept your invite.')).toBeVisible();
    await expectAccessible(invitee);
    await shoot(invitee, 'login-google');
    await invitee.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(invitee.getByText('Login successful.')).toBeVisible();
    await expect(invitee).toHaveURL(/\/admin$/);
    await expect(invitee.getByRole('button', { name: 'Άννα Google' })).toBeVisible();

    // The invite is spent: the admin sees it used.
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/invites');
    const used = page.getByRole('row', { name: new RegExp(token.slice(0, 8)) });
    await expect(used.getByText(/^Used (?!by )/)).toBeVisible();
    await expect(used.getByText(/^Used by Άννα Google \(/)).toBeVisible();
    await invitee.context().close();
  });
});
