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

type Theme = 'light' | 'dark';

/**
 * The theme the page shows, as public/theme.js or the header's switch set it on <html>; undefined
 * on a page of neither app (a mail drawn for a screenshot), which has no themes.
 */
async function themeOf(page: Page): Promise<Theme | undefined> {
  const theme = await page.locator('html').getAttribute('data-theme');
  return theme === 'dark' || theme === 'light' ? theme : undefined;
}

const otherThan = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

/**
 * Runs `check` with the page in `theme`, set as choosing it in the header sets it (localStorage
 * `theme`, then data-theme and color-scheme on <html>) once any colour transition has ended; then
 * puts the page back as it was.
 */
async function inTheme(page: Page, theme: Theme, check: () => Promise<void>) {
  const show = (wanted: { choice: string | null; theme: string | null; scheme: string }) => {
    const root = document.documentElement;
    const before = {
      choice: localStorage.getItem('theme'),
      theme: root.getAttribute('data-theme'),
      scheme: root.style.colorScheme,
    };
    if (wanted.choice === null) localStorage.removeItem('theme');
    else localStorage.setItem('theme', wanted.choice);
    if (wanted.theme === null) root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', wanted.theme);
    root.style.colorScheme = wanted.scheme;
    return new Promise<typeof before>((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(async () => {
          const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
          await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
          resolve(before);
        }),
      ),
    );
  };
  const before = await page.evaluate(show, { choice: theme, theme, scheme: theme });
  try {
    await check();
  } finally {
    await page.evaluate(show, before);
  }
}

/**
 * Axe reads colours as they are painted, so a toast fading in or out would be judged at half its
 * opacity: while it runs, every transition and animation jumps to its end.
 */
async function withoutMotion<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  try {
    return await run();
  } finally {
    await style.evaluate((element) => (element as HTMLStyleElement).remove());
  }
}

async function expectNoSeriousViolation(page: Page, theme: Theme | 'only') {
  const results = await withoutMotion(page, () => new AxeBuilder({ page }).analyze());
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe in the ${theme} theme`,
  ).toEqual([]);
}

/** No serious or critical axe violation on the screen as it is now, in its theme and in the other. */
export async function expectAccessible(page: Page) {
  const theme = await themeOf(page);
  await expectNoSeriousViolation(page, theme ?? 'only');
  if (!theme) return;
  const other = otherThan(theme);
  await inTheme(page, other, () => expectNoSeriousViolation(page, other));
}

/**
 * Keeps pictures of the screen at desktop and phone widths, as test artifacts: <name>-<width>.png
 * in the theme it shows, and <name>-<other theme>-<width>.png in the other (a page of the apps).
 */
export async function shoot(page: Page, name: string) {
  const theme = await themeOf(page);
  const shootWidths = async (file: string) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `test-results/screens/${file}-${width}.png`, fullPage: true });
      // Nothing may push the page sideways on a phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${file} at ${width}px`,
      ).toBeLessThanOrEqual(width);
    }
  };
  await shootWidths(name);
  if (theme) {
    const other = otherThan(theme);
    await inTheme(page, other, () => shootWidths(`${name}-${other}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Logout lives in the account box. */
export async function logOut(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully.')).toBeVisible();
}
