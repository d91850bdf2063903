// The static checks: types (source, tests, web, browser tests), lint and format, run side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Built first: the other type checks read the shared package's declarations. */
const SHARED_BUILD = { name: 'shared build', args: ['tsc', '-b', 'packages/shared'] };

export const CHECKS = [
  { name: 'types', args: ['tsc', '-b', 'apps/server'] },
  { name: 'test types', args: ['tsc', '-p', 'apps/server/tsconfig.test.json'] },
  { name: 'shared test types', args: ['tsc', '-p', 'packages/shared/tsconfig.test.json'] },
  { name: 'web types', args: ['tsc', '-p', 'apps/web'] },
  { name: 'e2e types', args: ['tsc', '-p', 'e2e'] },
  { name: 'lint', args: ['eslint', '.'] },
  { name: 'format', args: ['prettier', '--check', '.'] },
];

/**
 * Builds the shared package, then runs every check at once; each one's output is printed whole
 * when it ends. Answers the failed names.
 */
export async function runChecks(checks = CHECKS) {
  const [shared] = await runAll([SHARED_BUILD]);
  if (!shared.ok) return [shared.name];
  const results = await runAll(checks);
  return results.filter((result) => !result.ok).map((result) => result.name);
}

function runAll(checks) {
  return Promise.all(
    checks.map(
      ({ name, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(npx, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            const lines = output
              .split('\n')
              .filter((line) => line.trim() && !line.startsWith('npm warn'))
              .join('\n');
            console.log(`\n=== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s ===`);
            if (code !== 0 && lines) console.log(lines);
            resolve({ name, ok: code === 0 });
          });
        }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const failed = await runChecks();
  console.log(
    `\nchecks: ${failed.length === 0 ? 'all passed' : `failed: ${failed.join(', ')}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}
