// `npm test`: the static checks side by side, then every suite; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runChecks } from './checks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-results-'));

const suites = [
  { name: 'checks', run: runChecks },
  {
    name: 'api',
    command: [
      npx,
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(resultsDir, 'api.json')}`,
    ],
    cwd: path.join(root, 'apps/server'),
    results: path.join(resultsDir, 'api.json'),
  },
  {
    name: 'e2e',
    command: [npx, 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    cwd: root,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e.json') },
    results: path.join(resultsDir, 'e2e.json'),
  },
];

// `--only api` runs one suite (CI runs the API suite a second time, on PostgreSQL).
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const selected = only ? suites.filter((suite) => suite.name === only) : suites;
if (selected.length === 0) {
  console.error(`no suite named ${only}`);
  process.exit(2);
}

/** Vitest and Playwright JSON reports count differently. */
function countResults(report) {
  if (report.stats)
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      flaky: report.stats.flaky,
    };
  return { passed: report.numPassedTests, failed: report.numFailedTests, flaky: 0 };
}

let passed = 0;
let failed = 0;
let flaky = 0;
let broken = false;
for (const suite of selected) {
  if (suite.run) {
    const failedChecks = await suite.run();
    if (failedChecks.length > 0) {
      broken = true;
      console.error(`checks failed: ${failedChecks.join(', ')}`);
    }
    continue;
  }
  console.log(`\n=== ${suite.name} ===`);
  const [command, ...args] = suite.command;
  const { status } = spawnSync(command, args, {
    cwd: suite.cwd,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  if (suite.results && fs.existsSync(suite.results)) {
    const counts = countResults(JSON.parse(fs.readFileSync(suite.results, 'utf8')));
    passed += counts.passed;
    failed += counts.failed;
    flaky += counts.flaky;
    if (counts.passed + counts.failed === 0) broken = true;
  }
  if (status !== 0) {
    broken = true;
    console.error(`suite ${suite.name} failed (exit ${status})`);
  }
}
fs.rmSync(resultsDir, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed${flaky > 0 ? ` (${flaky} on a second try)` : ''}, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
