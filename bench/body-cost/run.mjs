// What a large cacheable answer costs the server and what it costs the load generator.
// The product's `/locales/el` (gzip) beside a bare Fastify sending the same bytes from memory and
// that bare process's own hello, each read by autocannon (as bench:http does) and by wrk when
// Debian's wrk is installed, alternating; then the CPU each server spends per answer at a fixed
// rate, which the load generator's own cost does not move. The product starts on a fresh data
// directory. `npm run bench:body-cost [-- --seconds 8 --rounds 2 --rate 4000]`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { root, startProduct } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    rate: { type: 'string', default: '4000' },
  },
});
const SECONDS = Number(values.seconds);
const GZIP = { 'accept-encoding': 'gzip' };
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary throws ENOENT.
    return error.code !== 'ENOENT';
  }
})();

function autocannonRun(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers: GZIP, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function autocannonRate(url) {
  await autocannonRun(url, { connections: 50, duration: 3 });
  const result = await autocannonRun(url, { connections: 50, duration: SECONDS });
  if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${url} answered with errors`);
  return Math.round(result.requests.average);
}

function wrkRate(url) {
  const out = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, '-H', 'accept-encoding: gzip', url], {
    encoding: 'utf8',
  });
  if (/Non-2xx|Socket errors/.test(out)) throw new Error(`${url} answered with errors:\n${out}`);
  return Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]));
}

/** User and system CPU of a process and all its threads, in ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU µs per answer at a fixed rate the server keeps up with. */
async function cpuPerAnswer(pid, url) {
  const options = { connections: 20, overallRate: Number(values.rate) };
  await autocannonRun(url, { ...options, duration: 2 });
  const before = cpuMs(pid);
  const result = await autocannonRun(url, { ...options, duration: SECONDS });
  return Math.round(((cpuMs(pid) - before) * 1000) / result.requests.total);
}

/** The bytes as sent, still compressed (fetch would undo the gzip). */
function rawBody(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: GZIP }, (response) => {
        if (response.statusCode !== 200 || response.headers['content-encoding'] !== 'gzip') {
          reject(new Error(`${url}: ${response.statusCode} ${response.headers['content-encoding']}`));
        }
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

async function startBareBytes(file) {
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/bare-bytes.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /ready (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('the bare process exited')));
  });
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      return new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

const product = await startProduct();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'body-cost-'));
let bare;
try {
  const localesUrl = `${product.url}/locales/el/translations.json`;
  const gzipped = await rawBody(localesUrl);
  const file = path.join(scratch, 'el.json.gz');
  fs.writeFileSync(file, gzipped);
  bare = await startBareBytes(file);
  const targets = [
    { name: 'bare Fastify hello', url: `${bare.url}/` },
    { name: 'bare Fastify, the same gzip bytes', url: `${bare.url}/bytes` },
    { name: 'product /locales/el (gzip)', url: localesUrl },
  ];
  const gzipBytes = gzipped.length;
  const bytes = gunzipSync(gzipped).length;
  console.log(`/locales/el: ${bytes} bytes, ${gzipBytes} as gzip; wrk ${hasWrk ? 'found' : 'not installed'}`);

  const rounds = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const rates = {};
    for (const target of targets) {
      rates[target.name] = { autocannon: await autocannonRate(target.url), wrk: hasWrk ? wrkRate(target.url) : null };
      console.log(`round ${round} ${target.name}: ${JSON.stringify(rates[target.name])}`);
    }
    rounds.push(rates);
  }
  const cpu = {
    'bare Fastify hello': await cpuPerAnswer(bare.pid, targets[0].url),
    'bare Fastify, the same gzip bytes': await cpuPerAnswer(bare.pid, targets[1].url),
    'product /locales/el (gzip)': await cpuPerAnswer(product.pid, localesUrl),
  };
  console.log(`\nCPU µs per answer at ${values.rate} a second: ${JSON.stringify(cpu)}\n`);

  console.log('| round | answer | autocannon req/s, × hello | wrk req/s, × hello | CPU µs per answer |');
  console.log('| --- | --- | --- | --- | --- |');
  rounds.forEach((rates, index) => {
    const hello = rates['bare Fastify hello'];
    for (const target of targets) {
      const rate = rates[target.name];
      const wrk = rate.wrk === null ? 'n/a' : `${rate.wrk}, ${(rate.wrk / hello.wrk).toFixed(3)}×`;
      console.log(
        `| ${index + 1} | ${target.name} | ${rate.autocannon}, ${(rate.autocannon / hello.autocannon).toFixed(3)}× | ${wrk} | ${cpu[target.name]} |`,
      );
    }
  });
  const out = path.join(root, 'bench/results/body-cost.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), bytes, gzipBytes, rounds, cpuMicrosecondsPerAnswer: cpu }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(root, out)}`);
} finally {
  await bare?.stop();
  await product.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
