// `npm start`: builds whatever is missing or out of date, then serves the whole product.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(sourceDirs, output) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sourceDirs.some((dir) => fs.existsSync(dir) && newestMtime(dir) > built);
}

const run = (args) => execFileSync(npm, args, { cwd: root, stdio: 'inherit' });

// tsc -b is incremental: a no-op when nothing changed.
run(['run', 'build', '-w', 'packages/shared', '-w', 'apps/server', '--silent']);
const web = path.join(root, 'apps/web');
if (
  isStale(
    [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages/shared/src')],
    // Written last by the web build.
    path.join(web, 'dist/translation-catalogue.json'),
  )
) {
  run(['run', 'build', '-w', 'apps/web', '--silent']);
}

await import(path.join(root, 'apps/server/dist/server.js'));
