// Lighthouse (mobile) of public pages, with Debian's Chromium.
// `npm run bench:lighthouse [-- /about,/events,/events/:id [runs]]`; `/events/:id` is the event the
// run publishes first, with a place, a description and RSVP on. Each page is measured `runs` times
// (default 5, in turn) and its median run is reported, as Lighthouse advises for its own variance.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { ADMIN } from '../lib/data-set.mjs';
import { root, startProduct } from '../lib/server.mjs';

const PAGES = (process.argv[2] ?? '/about').split(',');
const RUNS = Number(process.argv[3] ?? 5);

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const product = await startProduct({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

/** A published event a month ahead, as an administrator would make it; its id. */
async function publishEvent(url) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${(await login.json()).token}` };
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await fetch(`${url}/api/auth/events`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'Βραδιά κινηματογράφου στην πλατεία',
      startsLocal: `${day}T20:30`,
      endsLocal: `${day}T23:00`,
      place: 'Πλατεία Αγίου Γεωργίου',
      description:
        'Προβάλλουμε μια ελληνική ταινία του 1960 στον ανοιχτό χώρο της πλατείας.\nΦέρτε μια καρέκλα ή ένα μαξιλάρι.\nΠρόγραμμα: https://example.org/cinema',
      capacity: 80,
      rsvpEnabled: true,
    }),
  });
  if (created.status !== 201) throw new Error(`creating the event: ${created.status} ${await created.text()}`);
  const { _id } = await created.json();
  const published = await fetch(`${url}/api/auth/events/${_id}/publish`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  if (!published.ok) throw new Error(`publishing the event: ${published.status}`);
  return _id;
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

const runs = [];
try {
  // The home page and the events list show it too.
  const eventId = await publishEvent(product.url);
  for (const page of Array.from({ length: RUNS }, () => PAGES).flat()) {
    const { lhr } = await lighthouse(`${product.url}${page.replace(':id', eventId)}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // This machine has no way out: the embedded calendar would only time out.
      blockedUrlPatterns: ['*calendar.google.com*'],
    });
    const score = (name) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    runs.push({
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

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
/** Per page, the run of median performance score, and every run's score. */
const results = PAGES.map((page) => {
  const ofPage = runs.filter((run) => run.page === page);
  const middle = median(ofPage.map((run) => run.performance));
  return {
    ...ofPage.find((run) => run.performance === middle),
    performanceOfRuns: ofPage.map((run) => run.performance),
  };
});
console.table(runs);
console.table(results);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'lighthouse.json'),
  `${JSON.stringify({ date: new Date().toISOString(), lighthouse: '12.8.2 (mobile)', results }, null, 2)}\n`,
);
