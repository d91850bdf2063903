import { mailText } from '../../apps/server/src/test/smtp-capture';
import { ADMIN, callApi, createMember, expect, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

/**
 * Someone registers through a fresh invite and confirms their address from the mail, which
 * notifies every administrator.
 */
async function registerThroughInvite(
  { baseURL, smtp }: { baseURL: string; smtp: { waitFor(address: string): Promise<{ raw: string }> } },
  email: string,
  name = 'Bell Ringer',
) {
  const admin = await tokenOf(baseURL, ADMIN.email, ADMIN.password);
  const { token } = await callApi<{ token: string }>(baseURL, admin, 'POST', '/api/auth/invites', {});
  await callApi(baseURL, null, 'POST', '/api/auth/register-invite', {
    token,
    name,
    email,
    password: 'ringer-pass',
  });
  const link = /confirm-email\?token=([\w-]+)/.exec(mailText((await smtp.waitFor(email)).raw))![1]!;
  await callApi(baseURL, null, 'POST', '/api/auth/register-invite/confirm', { token: link });
}

test.describe('[ADMIN][DASHBOARD]', () => {
  test('a decision by keyboard leaves the focus on the next registration, then the card', async ({ page, app }) => {
    const stamp = Date.now();
    await registerThroughInvite(app, `first-${stamp}@e2e.test`, `First ${stamp}`);
    await registerThroughInvite(app, `second-${stamp}@e2e.test`, `Second ${stamp}`);
    await signInAs(page, ADMIN.email, ADMIN.password);
    const registrations = page.getByRole('region', { name: 'Registrations' });
    const rows = registrations.getByRole('listitem');
    const rowOf = (text: string) => rows.filter({ hasText: text });
    // The newest first: approving the second moves the focus down to the first, not onto a button.
    await expect(rows.first()).toContainText(`Second ${stamp}`);
    await registrations.getByRole('button', { name: `Approve Second ${stamp}` }).press('Enter');
    await expect(page.getByText('User approved.')).toBeVisible();
    await expect(rowOf(`First ${stamp}`)).toBeFocused();
    await expect(rowOf(`Second ${stamp}`)).toHaveCount(0);
    await shoot(page, 'dashboard-decided');

    // Rejected, the first goes too: the focus moves to whoever was below it, or else the title.
    const shown = await rows.allTextContents();
    const below = shown[shown.findIndex((text) => text.includes(`First ${stamp}`)) + 1];
    await registrations.getByRole('button', { name: `Reject First ${stamp}` }).press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).press('Enter');
    await expect(page.getByText('Invite rejected.')).toBeVisible();
    await expect(rowOf(`First ${stamp}`)).toHaveCount(0);
    if (below) await expect(rows.filter({ hasText: below.slice(0, 40) })).toBeFocused();
    else await expect(registrations.getByRole('heading', { name: 'Registrations' })).toBeFocused();

    // Whoever is left is decided on the same way, until the title takes the focus.
    while ((await rows.count()) > 0) {
      const row = rows.first();
      const text = (await row.textContent())!.slice(0, 40);
      await row.getByRole('button', { name: /^Approve / }).press('Enter');
      await expect(rows.filter({ hasText: text })).toHaveCount(0);
    }
    await expect(registrations.getByRole('heading', { name: 'Registrations' })).toBeFocused();
  });
});

test.describe('[ADMIN][NOTIFICATIONS]', () => {
  test('a registration rings the bell within a poll; mark one and all read', async ({ page, app }) => {
    // It waits out one 15 s poll on purpose.
    test.setTimeout(60_000);
    await signInAs(page, ADMIN.email, ADMIN.password);
    // Start from nothing unread, whatever earlier tests left.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const markAll = panel.getByRole('button', { name: 'Mark all read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(page.getByTestId('notification-badge')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    const first = `ring-1-${Date.now()}@e2e.test`;
    const second = `ring-2-${Date.now()}@e2e.test`;
    const third = `ring-3-${Date.now()}@e2e.test`;
    await registerThroughInvite(app, first);
    await registerThroughInvite(app, second);
    await registerThroughInvite(app, third);
    // The badge is polled every 15 s.
    await expect(page.getByTestId('notification-badge')).toHaveText('3', { timeout: 20_000 });
    await expect(bell).toHaveAccessibleName('Notifications, 3 unread');

    await bell.click();
    const newest = panel.getByRole('listitem').filter({ hasText: third });
    await expect(newest.getByText('A registration awaits approval')).toBeVisible();
    await expect(newest.getByText(`Bell Ringer <${third}> registered through an invite.`)).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'notifications');

    // Marked read, a notification's button goes: the focus moves on to the next unread one's.
    await newest.getByRole('button', { name: 'Mark “A registration awaits approval” read' }).press('Enter');
    await expect(page.getByTestId('notification-badge')).toHaveText('2');
    await expect(newest.getByRole('button', { name: /^Mark “/ })).toBeHidden();
    const older = panel.getByRole('listitem').filter({ hasText: second });
    await expect(older.getByRole('button', { name: /^Mark “/ })).toBeFocused();

    // Open goes to the screen the notification is about, and so it has been read.
    await older.getByRole('link', { name: 'Open “A registration awaits approval”' }).click();
    await expect(page).toHaveURL(/\/admin\/invites$/);
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await bell.click();

    // Mark all read cannot be pressed again: the focus stays in the panel, on its title.
    await panel.getByRole('button', { name: 'Mark all read' }).press('Enter');
    await expect(page.getByTestId('notification-badge')).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeFocused();
  });

  test('a member without notifications sees the empty state; a failed load says so', async ({ page, app }) => {
    const email = `quiet-${Date.now()}@e2e.test`;
    await createMember(app.baseURL, { email, name: 'Quiet Member' });
    await signInAs(page, email, 'member-password');
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('No notifications')).toBeVisible();
    // Nothing to mark: no button offers it.
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.route('**/api/auth/notifications?page=1&limit=20', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(panel.getByText('Failed to load')).toBeVisible();
  });
});
