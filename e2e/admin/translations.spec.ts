import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test } from '../fixtures';
import { expectAccessible, shoot, signInAs } from './session';

/** A toast, not the same words in the texts being edited. */
const toastOf = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Answers 'Yes' to the Generate question, and expects the server to have published. */
async function confirmGenerate(page: Page, yes: string) {
  const generated = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /"generate_files":true/.test(response.request().postData() ?? ''),
  );
  await page.getByRole('alertdialog').getByRole('button', { name: yes }).click();
  expect((await generated).status()).toBe(200);
}

/** A button of the editor's language bar (the header has a language switch of its own). */
const languageButton = (page: Page, code: string) =>
  page.getByRole('group', { name: /^(Languages|Γλώσσες)$/ }).getByRole('button', { name: code, exact: true });

/** Edits the text of `key` in the chosen language and saves. */
async function editText(page: Page, language: string, key: string, text: string) {
  await languageButton(page, language).click();
  await expect(languageButton(page, language)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox').fill(key);
  const value = page.getByLabel(new RegExp(`^(Text of|Κείμενο του) ${key.replace('.', '\\.')}$`));
  await value.fill(text);
  await page.getByRole('button', { name: /Save Changes|Αποθήκευση αλλαγών/ }).click();
}

test.describe('[ADMIN][TRANSLATIONS]', () => {
  test('an English text edited and generated shows in the interface', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Translations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
    await expect(languageButton(page, 'EN')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Last generated:')).toBeVisible();
    await expect(page.getByText('Last edited:')).toBeVisible();

    const unpublished = page
      .getByRole('status')
      .filter({ hasText: 'Saved changes are not on the site yet: Generate Translations publishes them.' });
    await editText(page, 'EN', 'dashboard.activity.title', 'What happened lately');
    await expect(toastOf(page, 'Translations saved successfully')).toBeVisible();
    await expect(unpublished).toBeVisible();
    // Saved, not yet published: the home screen still shows the old text, and what was saved.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await expect(page.getByText('saved the translations: changed: dashboard.activity.title')).toBeVisible();

    await page.goto('/admin/translations');
    await page.getByRole('button', { name: 'Generate Translations' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to regenerate translations?');
    await confirmGenerate(page, 'Yes');
    await expect(toastOf(page, 'Translations generated successfully')).toBeVisible();
    await expect(unpublished).toBeHidden();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'What happened lately' })).toBeVisible();
  });

  test('a Greek text edited from the Greek interface shows there after generating', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Ελληνικά' }).click();
    await page.goto('/admin/translations');
    await expect(page.getByRole('heading', { level: 1, name: 'Μεταφράσεις' })).toBeVisible();
    await editText(page, 'EL', 'dashboard.activity.title', 'Τι έγινε πρόσφατα');
    await expect(toastOf(page, 'Οι μεταφράσεις αποθηκεύτηκαν επιτυχώς')).toBeVisible();
    // The filter stays through the save, and finds Greek typed without accents, in capitals.
    const filter = page.getByRole('searchbox');
    await expect(filter).toHaveValue('dashboard.activity.title');
    await filter.fill('ΤΙ ΕΓΙΝΕ ΠΡΟΣΦΑΤΑ');
    await expect(page.getByLabel('Κείμενο του dashboard.activity.title')).toHaveValue('Τι έγινε πρόσφατα');
    await page.getByRole('button', { name: 'Δημιουργία μεταφράσεων' }).click();
    await confirmGenerate(page, 'Ναι');
    await expect(toastOf(page, 'Οι μεταφράσεις δημιουργήθηκαν επιτυχώς')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Τι έγινε πρόσφατα' })).toBeVisible();
    await page.getByRole('group', { name: 'Γλώσσα' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Τι έγινε πρόσφατα' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  });

  test('a text of the site missing from the table waits for Generate, which brings it back', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/translations');
    await expect(languageButton(page, 'EN')).toHaveAttribute('aria-pressed', 'true');
    const key = 'public.privacy.contact.title';
    const text = page.getByLabel(`Text of ${key}`);
    const awaiting = page.getByRole('status').filter({ hasText: /not in the table yet/ });
    await expect(page.getByRole('heading', { name: /^Texts \(\d+\)$/ })).toBeVisible();
    await expect(awaiting).toBeHidden();

    // Deleted and saved, the text is still one the site uses: the screen says Generate adds it back.
    await page.getByRole('searchbox').fill(key);
    await page.getByRole('button', { name: `Delete ${key}` }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastOf(page, 'Translations saved successfully')).toBeVisible();
    await expect(awaiting).toHaveText(
      '1 text of this version of the site is not in the table yet: Generate Translations adds it. Texts you edited stay as they are.',
    );
    await expect(text).toBeHidden();

    // An unsaved edit is asked about before Generate; kept, it stays in the table.
    await page.getByRole('searchbox').fill('public.privacy.title');
    const edited = page.getByLabel('Text of public.privacy.title');
    const stored = await edited.inputValue();
    await edited.fill('Not kept');
    await page.getByRole('button', { name: 'Generate Translations' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('Your changes to these texts are not saved. Discard them?');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(edited).toHaveValue('Not kept');

    // Discarded, the Generate question follows; the table then shows the stored texts and the one
    // Generate brought back, and leaving asks nothing.
    await page.getByRole('button', { name: 'Generate Translations' }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect(ask).toContainText('Are you sure you want to regenerate translations?');
    await confirmGenerate(page, 'Yes');
    await expect(toastOf(page, 'Translations generated successfully')).toBeVisible();
    await expect(edited).toHaveValue(stored);
    await expect(awaiting).toBeHidden();
    await page.getByRole('searchbox').fill(key);
    await expect(text).toHaveValue('Privacy contact');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Users/ })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  });

  test('of some 800 texts only those in view are drawn, and every one is in reach', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/translations');
    const table = page.getByRole('table');
    const texts = page.getByRole('textbox', { name: /^Text of / });
    await expect(texts.first()).toBeVisible();
    const heading = await page.getByRole('heading', { name: /^Texts \(\d+\)$/ }).textContent();
    const count = Number(/\d+/.exec(heading ?? '')![0]);
    expect(count).toBeGreaterThan(500);
    // Assistive technology is told of every row; the page holds a screenful and a few more.
    await expect(table).toHaveAttribute('aria-rowcount', String(count + 1));
    expect(await texts.count()).toBeLessThan(60);

    // Scrolled to its end, the table draws its last row.
    const lastRow = page.locator(`tbody tr[aria-rowindex="${count + 1}"]`);
    await expect(async () => {
      await table.evaluate((element) => element.parentElement!.scrollTo({ top: element.parentElement!.scrollHeight }));
      await expect(lastRow).toBeVisible({ timeout: 500 });
    }).toPass();
    // Tab walks on from the rows drawn to the ones drawn as it goes.
    const lastKey = await lastRow.getByRole('textbox', { name: /^Key / }).inputValue();
    await table.evaluate((element) => element.parentElement!.scrollTo({ top: 0 }));
    await texts.first().focus();
    for (let step = 0; step < 90; step++) await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('aria-label', /^(Key|Text of|Delete) /);
    expect(Number(await focused.locator('xpath=ancestor::tr').getAttribute('aria-rowindex'))).toBeGreaterThan(30);

    // The raw JSON follows an edit once typing pauses; parsed at once, it holds the edit all the same.
    const edited = page.getByRole('textbox', { name: `Text of ${lastKey}` });
    await page.getByRole('searchbox').fill(lastKey);
    await edited.fill('Edited here');
    await page.getByRole('button', { name: 'Parse Raw JSON' }).click();
    await expect(edited).toHaveValue('Edited here');
    await expect(page.getByRole('textbox', { name: 'Raw JSON' })).toHaveValue(/"Edited here"/);

    // A text added, from the end of the table, takes the focus at its top.
    await page.getByRole('searchbox').fill('');
    await expect(texts.first()).toBeVisible();
    await table.evaluate((element) => element.parentElement!.scrollTo({ top: element.parentElement!.scrollHeight }));
    await expect(lastRow).toBeVisible();
    await page.getByRole('button', { name: 'Add text' }).click();
    const newKey = page.getByRole('textbox', { name: 'Key —' });
    await expect(newKey).toBeFocused();
    await expect(newKey).toBeInViewport();
    await expect(page.getByRole('heading', { name: `Texts (${count + 1})` })).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('');
    await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(count + 2));
  });

  test('on a phone a long key reads whole in its field, and stays one line of text', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin/translations');
    const key = 'audit.actions.mfa.recovery_codes.regenerate';
    await page.getByRole('searchbox').fill(key);
    const field = page.getByRole('textbox', { name: `Key ${key}` });
    await expect(field).toHaveValue(key);
    // Nothing of the key or its text is hidden: each field is as tall as its lines.
    const sizeOf = (box: Locator) =>
      box.evaluate((element) => ({
        hidden: element.scrollHeight - element.clientHeight + element.scrollWidth - element.clientWidth,
        lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
      }));
    expect(await sizeOf(field)).toEqual({ hidden: 0, lines: expect.any(Number) });
    expect((await sizeOf(field)).lines).toBeGreaterThan(1);
    const text = page.getByRole('textbox', { name: `Text of ${key}` });
    expect((await sizeOf(text)).hidden).toBe(0);
    expect((await sizeOf(text)).lines).toBeGreaterThan(1);
    await shoot(page, 'translations-long-key');
    // Enter adds no line break to a key, nor does a pasted one.
    await field.press('End');
    await field.press('Enter');
    await expect(field).toHaveValue(key);
    await field.fill(`${key}\nmore`);
    await expect(page.getByRole('textbox', { name: `Key ${key}more` })).toHaveValue(`${key}more`);
  });

  test('Save stores what was typed in the raw editor, and nothing while it is not JSON', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/translations');
    await page.getByRole('button', { name: 'Add New Language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Language' });
    await dialog.getByLabel('Language code').fill('pt');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(languageButton(page, 'PT')).toHaveAttribute('aria-pressed', 'true');
    const raw = page.getByRole('textbox', { name: 'Raw JSON' });
    await raw.fill('{"raw.key": "Typed raw"}');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastOf(page, 'Translations saved successfully')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Text of raw.key' })).toHaveValue('Typed raw');

    await raw.fill('{"raw.key": "Half typed"');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid JSON' })).toBeVisible();
    await page.reload();
    await languageButton(page, 'PT').click();
    await expect(page.getByRole('heading', { name: 'Texts (1)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Text of raw.key' })).toHaveValue('Typed raw');
  });

  test('rows, sorting, the raw editor and a new language', async ({ page }) => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/translations');
    await expect(languageButton(page, 'EN')).toHaveAttribute('aria-pressed', 'true');

    // Raw JSON: bad input is refused, good input replaces the rows.
    const raw = page.getByRole('textbox', { name: 'Raw JSON' });
    await raw.fill('{ not json');
    await page.getByRole('button', { name: 'Parse Raw JSON' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid JSON' })).toBeVisible();

    await page.getByRole('button', { name: 'Add New Language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Language' });
    await dialog.getByLabel('Language code').fill('i1');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Enter a code of 2 or 3 letters, such as el, gr, it or us.')).toBeVisible();
    // A language's name is refused with why, not cut to a code nobody meant ("Greek" is no "gre").
    await dialog.getByLabel('Language code').fill('Greek');
    await expect(dialog.getByLabel('Language code')).toHaveValue('Greek');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Enter a code of 2 or 3 letters, such as el, gr, it or us.')).toBeVisible();
    await expect(languageButton(page, 'GRE')).toHaveCount(0);
    await dialog.getByLabel('Language code').fill('it');
    await dialog.getByRole('button', { name: 'Add' }).click();
    // The raw text typed in English is not thrown away unasked.
    const unsaved = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await unsaved.getByRole('button', { name: 'Keep editing' }).click();
    await expect(languageButton(page, 'EN')).toHaveAttribute('aria-pressed', 'true');
    await expect(raw).toHaveValue('{ not json');
    await languageButton(page, 'IT').click();
    await unsaved.getByRole('button', { name: 'Discard changes' }).click();
    await expect(languageButton(page, 'IT')).toHaveAttribute('aria-pressed', 'true');

    await raw.fill('{"zeta.key": "Z", "alpha.key": "A", "  ": "blank"}');
    await page.getByRole('button', { name: 'Parse Raw JSON' }).click();
    await expect(page.getByRole('heading', { name: 'Texts (3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Sort by key' }).click();
    const keys = page.getByRole('textbox', { name: /^Key / });
    await expect(keys).toHaveCount(3);
    expect(await keys.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      '  ',
      'alpha.key',
      'zeta.key',
    ]);
    await page.getByRole('button', { name: 'Add text' }).click();
    // The new row comes first.
    await page.getByRole('textbox', { name: 'Key —' }).first().fill('beta.key');
    await page.getByRole('textbox', { name: 'Text of beta.key' }).fill('B');
    await page.getByRole('button', { name: 'Delete zeta.key' }).click();
    await expectAccessible(page);
    await shoot(page, 'translations');
    // Nor by leaving the screen.
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
    await unsaved.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/admin\/translations$/);
    await expect(page.getByRole('textbox', { name: 'Text of beta.key' })).toHaveValue('B');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastOf(page, 'Translations saved successfully')).toBeVisible();

    // Stored without the blank key.
    await page.reload();
    await languageButton(page, 'IT').click();
    await expect(page.getByRole('heading', { name: 'Texts (2)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Text of alpha.key' })).toHaveValue('A');
    await expect(page.getByRole('textbox', { name: 'Text of beta.key' })).toHaveValue('B');

    // Sorting changes nothing a save would store, nor does a text typed and put back.
    await page.getByRole('button', { name: 'Sort by key' }).click();
    const alpha = page.getByRole('textbox', { name: 'Text of alpha.key' });
    await alpha.fill('AA');
    await alpha.fill('A');
    await languageButton(page, 'EN').click();
    await expect(languageButton(page, 'EN')).toHaveAttribute('aria-pressed', 'true');
    await expect(unsaved).toBeHidden();

    // A text added under a key the table has is not thrown away: the two are shown, nothing saved.
    await languageButton(page, 'IT').click();
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByRole('textbox', { name: 'Key —' }).first().fill('alpha.key');
    const repeated = page.getByRole('textbox', { name: 'Key alpha.key' });
    await expect(repeated).toHaveCount(2);
    await expect(repeated.first()).toHaveAccessibleDescription(
      'Another text has this key: change or delete one of them.',
    );
    await page.getByRole('textbox', { name: 'Text of alpha.key' }).first().fill('A2');
    await page.getByRole('searchbox').fill('zzz');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastOf(page, 'Not saved: two texts have the key alpha.key.')).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('alpha.key');
    const texts = page.getByRole('textbox', { name: 'Text of alpha.key' });
    expect(await texts.evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value))).toEqual([
      'A2',
      'A',
    ]);
    await page.getByRole('button', { name: 'Delete alpha.key' }).nth(1).click();
    await expect(repeated).toHaveAccessibleDescription('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toastOf(page, 'Translations saved successfully')).toBeVisible();
    await page.reload();
    await languageButton(page, 'IT').click();
    await expect(page.getByRole('textbox', { name: 'Text of alpha.key' })).toHaveValue('A2');
  });
});
