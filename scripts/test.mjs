// `npm test`: type checks, then every suite; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-results-'));

const suites = [
  { name: 'types', command: [npx, 'tsc', '-b', 'packages/shared', 'apps/server'], cwd: root },
  { name: 'web types', command: [npx, 'tsc', '-p', 'apps/web'], cwd: root },
  { name: 'e2e types', command: [npx, 'tsc', '-p', 'e2e'], cwd: root },
  { name: 'lint', command: [npx, 'eslint', '.'], cwd: root },
  { name: 'format', command: [npx, 'prettier', '--check', '.'], cwd: root },
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
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

let passed = 0;
let failed = 0;
let broken = false;
for (const suite of selected) {
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
    if (counts.passed + counts.failed === 0) broken = true;
  }
  if (status !== 0) {
    broken = true;
    console.error(`suite ${suite.name} failed (exit ${status})`);
  }
}
fs.rmSync(resultsDir, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
