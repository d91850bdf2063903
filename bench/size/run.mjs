// Gzip size of the public and admin JavaScript and CSS after `vite build`, beside a bare React 19
// hello page built with the same plugins and settings. Exits 1 when the public site's budget (initial
// JS at most 1.5x hello, every chunk at most 2x) is exceeded. `npm run bench:size`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { root } from '../lib/server.mjs';

// The web app's own Vite and React plugin, as its build uses them.
const fromWeb = createRequire(path.join(root, 'apps/web/package.json'));
const load = async (name) => import(pathToFileURL(fromWeb.resolve(name)).href);
const { build } = await load('vite');
const react = (await load('@vitejs/plugin-react')).default;
const packageDir = (name) => path.dirname(fromWeb.resolve(`${name}/package.json`));

const webDist = path.join(root, 'apps/web/dist');
const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every chunk an entry loads at once (static imports), and those it may load later. */
function chunksOf(manifest, entryKey) {
  const initial = new Set();
  const later = new Set();
  const visit = (key, set) => {
    const chunk = manifest[key];
    if (!chunk || set.has(chunk.file)) return;
    set.add(chunk.file);
    for (const css of chunk.css ?? []) set.add(css);
    for (const child of chunk.imports ?? []) visit(child, set);
  };
  visit(entryKey, initial);
  const visitLazy = (key) => {
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      const before = later.size;
      visit(lazy, later);
      if (later.size > before) visitLazy(lazy);
    }
  };
  visitLazy(entryKey);
  for (const file of initial) later.delete(file);
  return { initial: [...initial], later: [...later] };
}

const sum = (files, dist, ext) =>
  files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gz(path.join(dist, file)), 0);

async function buildHello() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'react-hello-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<h1>Hello</h1>);\n",
  );
  await build({
    root: dir,
    logLevel: 'error',
    plugins: [react()],
    resolve: { alias: { react: packageDir('react'), 'react-dom': packageDir('react-dom') } },
    build: { outDir: path.join(dir, 'dist'), target: 'es2022', modulePreload: { polyfill: false }, manifest: true },
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist/.vite/manifest.json'), 'utf8'));
  const { initial } = chunksOf(manifest, 'index.html');
  const js = sum(initial, path.join(dir, 'dist'), '.js');
  fs.rmSync(dir, { recursive: true, force: true });
  return js;
}

execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'ignore' });
const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
const hello = await buildHello();

const publicChunks = chunksOf(manifest, 'index.html');
const admin = chunksOf(manifest, 'admin/index.html');
const loginKey = Object.keys(manifest).find((key) => key.endsWith('routes/login.tsx'));
const login = chunksOf(manifest, loginKey);
const routeKeys = Object.keys(manifest).filter((key) => /admin\/routes\/[^/]+\.tsx$/.test(key));
const largestRoute = Math.max(...routeKeys.map((key) => gz(path.join(webDist, manifest[key].file))));

const rows = [
  { what: 'bare React 19 hello, JS', gzip: hello, budget: null },
  { what: 'public, initial JS', gzip: sum(publicChunks.initial, webDist, '.js'), budget: 1.5 },
  {
    what: 'public, every chunk JS',
    gzip: sum([...publicChunks.initial, ...publicChunks.later], webDist, '.js'),
    budget: 2,
  },
  { what: 'public, CSS', gzip: sum(publicChunks.initial, webDist, '.css'), budget: null },
  {
    what: 'admin, login route initial JS',
    gzip: sum([...new Set([...admin.initial, ...login.initial])], webDist, '.js'),
    budget: 2.5,
  },
  { what: 'admin, largest route chunk', gzip: largestRoute, budget: 0.5 },
  { what: 'admin, CSS', gzip: sum(admin.initial, webDist, '.css'), budget: null },
];
const table = rows.map(({ what, gzip, budget }) => ({
  what,
  gzip: kb(gzip),
  'x hello': (gzip / hello).toFixed(2),
  budget: budget === null ? '' : `<= ${budget}x`,
  ok: budget === null ? '' : gzip / hello <= budget ? 'yes' : 'NO',
}));
console.table(table);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'size.json'),
  `${JSON.stringify({ date: new Date().toISOString(), rows: table }, null, 2)}\n`,
);
const publicOver = rows.slice(1, 3).some((row) => row.gzip / hello > row.budget);
if (publicOver) {
  console.error('The public site is over its size budget (initial JS at most 1.5x hello, every chunk at most 2x).');
  process.exit(1);
}
