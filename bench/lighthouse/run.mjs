// Lighthouse (mobile) of the public About page, with Debian's Chromium. `npm run bench:lighthouse`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startProduct } from '../lib/server.mjs';

const CHROMIUM = '/usr/bin/chromium';
const PAGES = (process.argv[2] ?? '/about').split(',');

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const product = await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const results = [];
try {
  for (const page of PAGES) {
    const { lhr } = await lighthouse(`${product.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // This machine has no way out: the embedded calendar would only time out.
      blockedUrlPatterns: ['*calendar.google.com*'],
    });
    const score = (name) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    results.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    });
  }
} finally {
  await chrome.kill();
  await product.stop();
}

console.table(results);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: '12.8.2 (mobile)', results }, null, 2)}\n`,
);
