import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The compiled server, as `npm start` runs it: tests of the process build it first (tsc -b). */
export const serverDir = path.resolve(import.meta.dirname, '../..');
export const entry = path.join(serverDir, 'dist/server.js');

/** Instances on one PostgreSQL share their signing key, as the configuration requires. */
export const TEST_JWT_SECRET = 'a-test-signing-key-shared-by-instances-0123456789';

export type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function launch(env: Record<string, string>, port: number): Running {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

export async function waitUntilHealthy(running: Running, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${running.port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy in time: ${running.output()}`);
}

export async function stop(running: Running) {
  if (running.child.exitCode === null) running.child.kill('SIGTERM');
  return running.exited;
}

export async function signIn(port: number, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { token: string } };
}
