// Debian's Chromium, never a downloaded browser: the one that the browser tests, the benchmarks
// and the mail previews drive, and how it is started: no sandbox (it runs as root in containers),
// no GPU, and nothing fetched from the machine's closed network of its own accord.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
