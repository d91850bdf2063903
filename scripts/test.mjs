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
];

// `--only api` runs one suite (CI runs the API suite a second time, on PostgreSQL).
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const selected = only ? suites.filter((suite) => suite.name === only) : suites;
if (selected.length === 0) {
  console.error(`no suite named ${only}`);
  process.exit(2);
}

let passed = 0;
let failed = 0;
let broken = false;
for (const suite of selected) {
  console.log(`\n=== ${suite.name} ===`);
  const [command, ...args] = suite.command;
  const { status } = spawnSync(command, args, { cwd: suite.cwd, stdio: 'inherit', env: process.env });
  if (suite.results && fs.existsSync(suite.results)) {
    const report = JSON.parse(fs.readFileSync(suite.results, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numTotalTests === 0) broken = true;
  }
  if (status !== 0) {
    broken = true;
    console.error(`suite ${suite.name} failed (exit ${status})`);
  }
}
fs.rmSync(resultsDir, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
