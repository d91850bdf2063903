// The Translations screen (some 800 texts) in Debian's Chromium with its CPU slowed down, as on a
// slow device: how long it takes to draw, to take ten keystrokes in a text, to show the toast after
// Save Changes and after Generate Translations. Beside each, a reference measured in the same run:
// the Home screen's draw, and ten keystrokes into a bare input on a blank page.
// `npm run bench:screens [-- --slowdown 4 --runs 5 --out NAME]`; writes bench/results/screens.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { ADMIN } from '../lib/data-set.mjs';
import { root, startProduct } from '../lib/server.mjs';

const { values: options } = parseArgs({
  options: {
    slowdown: { type: 'string', default: '4' },
    runs: { type: 'string', default: '5' },
    out: { type: 'string' },
  },
});
const SLOWDOWN = Number(options.slowdown);
const RUNS = Number(options.runs);
const TYPED = 'abcdefghij';

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const product = await startProduct({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});

const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`${product.url}/admin/login`);
await page.getByLabel('Email').fill(ADMIN.email);
await page.getByLabel('Password').fill(ADMIN.password);
await page.getByRole('button', { name: 'Login' }).click();
await page.getByText('Login successful.').waitFor();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });

const elapsed = async (action) => {
  const start = performance.now();
  await action();
  return performance.now() - start;
};
const toast = (text) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const typeInto = async (field) => {
  await field.click();
  await page.keyboard.press('End');
  return elapsed(async () => {
    await page.keyboard.type(TYPED);
    await expect(field).toHaveValue(new RegExp(`${TYPED}$`), { timeout: 30_000 });
  });
};
const firstText = () => page.getByRole('textbox', { name: /^Text of / }).first();

const samples = {};
const record = (name, ms) => (samples[name] ??= []).push(ms);
/** Every run in turn; answers how many elements the Translations screen holds. */
async function measure() {
  for (let run = 0; run < RUNS; run++) {
    await page.setContent('<input aria-label="bare">');
    record('keystrokes, bare input', await typeInto(page.getByLabel('bare')));

    record(
      'draw, Home',
      await elapsed(async () => {
        await page.goto(`${product.url}/admin`);
        await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
      }),
    );
    record(
      'draw, Translations',
      await elapsed(async () => {
        await page.goto(`${product.url}/admin/translations`);
        await firstText().waitFor();
      }),
    );
    const original = await firstText().inputValue();
    record('keystrokes, Translations', await typeInto(firstText()));
    record(
      'Save Changes to toast',
      await elapsed(async () => {
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await toast('Translations saved').waitFor();
      }),
    );
    // Back as it was, so every run starts from the same texts.
    await firstText().fill(original);
    const restored = page.waitForResponse((response) => response.request().method() === 'PUT' && response.ok());
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await restored;
    record(
      'Generate Translations to toast',
      await elapsed(async () => {
        await page.getByRole('button', { name: 'Generate Translations' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
        await toast('Translations generated').waitFor({ timeout: 60_000 });
      }),
    );
  }
  return page.locator('*').count();
}
let elements;
try {
  elements = await measure();
} finally {
  await browser.close();
  await product.stop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reference = { 'keystrokes, Translations': 'keystrokes, bare input', 'draw, Translations': 'draw, Home' };
const rows = Object.entries(samples).map(([what, values]) => ({
  what,
  'median ms': Math.round(median(values)),
  'min–max ms': `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`,
  'x reference': reference[what] ? (median(values) / median(samples[reference[what]])).toFixed(2) : '',
}));
console.log(`CPU slowed ${SLOWDOWN}x, ${RUNS} runs; the Translations screen holds ${elements} elements`);
console.table(rows);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, options.out ? `screens-${options.out}.json` : 'screens.json'),
  `${JSON.stringify({ date: new Date().toISOString(), slowdown: SLOWDOWN, runs: RUNS, elements, rows }, null, 2)}\n`,
);
