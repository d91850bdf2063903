import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '../fixtures';

export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful.')).toBeVisible();
}

/** No serious or critical axe violation on the screen as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Keeps a picture of the screen at desktop and phone widths, as a test artifact. */
export async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
    // Nothing may push the page sideways on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Logout lives in the account box. */
export async function logOut(page: Page, name: string) {
  // A toast may lie over the account button and would take the click; a pointer resting on it
  // keeps it open, so the pointer moves away and the toasts run out first.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully.')).toBeVisible();
}
