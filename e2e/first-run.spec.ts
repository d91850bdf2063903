import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The README's quick start as a newcomer runs it: `npm start` with nothing configured but the
 * port, on a data directory nobody has used. (DATA_DIR only points the default `./data` at a fresh
 * folder, so the test never meets a developer's own data.)
 */
test.describe('[FIRST RUN] npm start with nothing configured', () => {
  let child: ChildProcess;
  let output = '';
  let baseURL: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-first-run-'));

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    child = spawn('npm', ['start'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        PORT: String(port),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`npm start exited: ${output}`);
          return fetch(`${baseURL}/healthz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 150_000, intervals: [250] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the terminal showed: the email and password lines of the first-start notice. */
  const printed = () => ({
    email: /email:\s+(\S+@\S+)/.exec(output)?.[1],
    password: /password:\s+(\S+)/.exec(output)?.[1],
  });

  test('F0/L12: shows the administrator once, keeps it in a private file, and never logs the password', () => {
    const { email, password } = printed();
    expect(email).toBeDefined();
    expect(password?.length).toBeGreaterThanOrEqual(16);
    expect(output.match(/password:/g)).toHaveLength(1);
    const file = path.join(dataDir, 'admin-credentials.txt');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'db')).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(file, 'utf8')).toBe(`email: ${email}\npassword: ${password}\n`);
    const logLines = output.split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(password!);
  });

  test('F0: the printed administrator signs in through the API', async () => {
    const { email, password } = printed();
    const response = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { roles: { type: string }[] }).roles).toEqual([
      expect.objectContaining({ type: 'admin' }),
    ]);
  });

  test('F0: the printed administrator signs in through the login form', async ({ page }) => {
    const { email, password } = printed();
    await page.goto(`${baseURL}/admin/login`);
    await page.getByLabel('Email').fill(email!);
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator' })).toBeVisible();
  });
});
