import { mailText } from '../../apps/server/src/test/smtp-capture';
import { ADMIN, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

test.describe('[ADMIN][MESSAGES]', () => {
  test('a message from the contact page is answered from the inbox, and the reply arrives by mail', async ({
    page,
    browser,
    app,
  }) => {
    // A visitor writes through the public form; it appeared ten seconds before it is sent.
    const visitor = await (await browser.newContext({ baseURL: app.baseURL })).newPage();
    await visitor.clock.install({ time: Date.now() - 10_000 });
    await visitor.goto('/contact');
    const email = `writer-${Date.now()}@e2e.test`;
    await visitor.getByLabel('Ονοματεπώνυμο').fill('Ελένη Γράφει');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Μήνυμα').fill('Πότε είναι η επόμενη συνέλευση;\n<b>ευχαριστώ</b>');
    await visitor.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(visitor.getByRole('status')).toBeVisible();
    // A second one, signed with a name and an address without a space in them.
    const longName = 'Αλεξάνδρα'.repeat(11);
    const longEmail = `${'a'.repeat(60)}@${'b'.repeat(60)}.e2e.test`;
    await visitor.getByLabel('Ονοματεπώνυμο').fill(longName);
    await visitor.getByLabel('Email').fill(longEmail);
    await visitor.getByLabel('Μήνυμα').fill('Με πήρατε τηλέφωνο, ευχαριστώ.');
    await visitor.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(visitor.getByRole('status')).toBeVisible();
    await visitor.context().close();

    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    const card = page.getByRole('article', { name: /Ελένη Γράφει/ });
    await expect(card.getByText('Πότε είναι η επόμενη συνέλευση;')).toBeVisible();
    // Markup a visitor typed is shown as text.
    await expect(card.getByText('<b>ευχαριστώ</b>')).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    // Found as Greek is typed: without accents, with the search button.
    await page.getByRole('searchbox', { name: 'Search name, email or text' }).fill('ποτε ειναι η επομενη συνελευση');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(card).toBeVisible();
    // The field follows the URL, as the list does: the menu's Messages clears both.
    const searchbox = page.getByRole('searchbox', { name: 'Search name, email or text' });
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(searchbox).toHaveValue('');
    await searchbox.fill('ποτε ειναι η επομενη συνελευση');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
    await expectAccessible(page);
    await shoot(page, 'messages');

    // Reply opens the box with the focus in it; sent, the box closes and the focus is back on Reply.
    await card.getByRole('button', { name: 'Reply' }).press('Enter');
    const box = card.getByLabel('Your reply to Ελένη Γράφει');
    await expect(box).toBeFocused();
    // Nothing typed is said under the box, and nothing is sent.
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(box).toHaveAccessibleDescription('Reply is required');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toBeFocused();
    await expect(card.getByRole('button', { name: 'Send reply' })).toBeEnabled();
    await page.keyboard.type('Την Πέμπτη στις 19:00.');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Σας περιμένουμε!');
    await expect(card.getByLabel('Your reply to Ελένη Γράφει')).toHaveValue('Την Πέμπτη στις 19:00.\nΣας περιμένουμε!');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply sent.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reply' })).toBeFocused();
    await expect(card.getByText('Handled', { exact: true })).toBeVisible();
    await expect(card.getByText(/Administrator replied on/)).toBeVisible();
    await shoot(page, 'messages-replied');

    const mail = mailText((await app.smtp.waitFor(email)).raw);
    expect(mail).toContain('Την Πέμπτη στις 19:00.');
    expect(mail).toContain('Πότε είναι η επόμενη συνέλευση;');

    // Filed away by keyboard, the focus stays on the button, now Restore; restored, an answered
    // message is back as handled, not as new.
    await card.getByRole('button', { name: 'Archive' }).press('Enter');
    await expect(card.getByText('Archived', { exact: true })).toBeVisible();
    await expect(page.getByText('Message archived.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Restore' })).toBeFocused();
    await card.getByRole('button', { name: 'Restore' }).press('Enter');
    await expect(card.getByText('Handled', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Archive' })).toBeFocused();

    // A message answered by phone is marked handled without a reply. Its sender's name and
    // address, without a space, wrap inside the card rather than widen the screen.
    await page.getByRole('searchbox', { name: 'Search name, email or text' }).fill('');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const answeredByPhone = page.getByRole('article', { name: new RegExp(longName) });
    await expect(answeredByPhone.getByText('New', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    // On a phone, the reply box's label with that name wraps too.
    await page.setViewportSize({ width: 390, height: 800 });
    await answeredByPhone.getByRole('button', { name: 'Reply' }).click();
    await expect(answeredByPhone.getByRole('textbox')).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await answeredByPhone.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });
    await answeredByPhone.getByRole('button', { name: 'Mark handled' }).click();
    await expect(answeredByPhone.getByText('Handled', { exact: true })).toBeVisible();
    await expect(page.getByText('Message marked handled.').last()).toBeVisible();
    // Filed away and restored, it is still handled: answered by phone is answered.
    await answeredByPhone.getByRole('button', { name: 'Archive' }).click();
    await expect(answeredByPhone.getByText('Archived', { exact: true })).toBeVisible();
    await answeredByPhone.getByRole('button', { name: 'Restore' }).click();
    await expect(answeredByPhone.getByText('Handled', { exact: true })).toBeVisible();
    await expect(answeredByPhone.getByRole('button', { name: 'Mark handled' })).toHaveCount(0);

    // Filed away, it leaves the list of new messages; the filter lives in the URL.
    await card.getByRole('button', { name: 'Archive' }).click();
    await expect(card.getByText('Archived', { exact: true })).toBeVisible();
    await page.getByLabel('Status').selectOption('new');
    await expect(page).toHaveURL(/status=new/);
    await expect(page.getByRole('article', { name: /Ελένη Γράφει/ })).toBeHidden();
    await page.getByLabel('Status').selectOption('archived');
    await expect(page.getByRole('article', { name: /Ελένη Γράφει/ })).toBeVisible();

    await page
      .getByRole('article', { name: /Ελένη Γράφει/ })
      .getByRole('button', { name: /^Delete the message/ })
      .click();
    await page.getByRole('button', { name: 'Yes, Delete it!' }).click();
    await expect(page.getByText('Message deleted.')).toBeVisible();
    await expect(page.getByRole('article', { name: /Ελένη Γράφει/ })).toBeHidden();
    // Its Delete button went with it: the focus is on the title, which tells the new count.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});
