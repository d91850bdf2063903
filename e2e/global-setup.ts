import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A fresh machine gets Debian's Chromium; the app is built once for every test. */
export default function globalSetup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
  }
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}
