import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { meteorsCss, meteorsHtml } from './src/public/meteors';

/** The footers show major.minor of the root package.json's version, the one place it is written. */
const rootPackage = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};
const shownVersion = rootPackage.version.split('.').slice(0, 2).join('.');

/**
 * The public site's meteors never change, so they are made once, at build time, outside the React
 * root: the first render no longer creates their elements, which on a throttled phone was most
 * of the page's blocking time (Lighthouse TBT of /events about 190 ms before, 70 ms after). Their
 * tags go into the HTML, their looks into the cached stylesheet (`import 'virtual:meteors.css'`).
 */
function staticMeteors(): Plugin {
  const publicPage = resolve(import.meta.dirname, 'index.html');
  const cssId = 'virtual:meteors.css';
  return {
    name: 'static-meteors',
    resolveId: (id) => (id === cssId ? `\0${cssId}` : undefined),
    load: (id) => (id === `\0${cssId}` ? meteorsCss() : undefined),
    transformIndexHtml(html, { filename }) {
      if (filename !== publicPage) return html;
      // After the root: public.css shows them once the app has drawn into it.
      return html.replace('<div id="root"></div>', `<div id="root"></div>${meteorsHtml()}`);
    },
  };
}

// One multi-page build: the public site and the admin app share nothing they do not import.
export default defineConfig({
  plugins: [react(), tailwindcss(), staticMeteors()],
  base: '/',
  define: { __APP_VERSION__: JSON.stringify(shownVersion) },
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    target: 'es2022',
    emptyOutDir: true,
    // The server's CSP allows no inline script, so the preload polyfill must not be inlined.
    modulePreload: { polyfill: false },
    // Read by bench/size to follow each entry's chunks.
    manifest: true,
    rollupOptions: {
      input: {
        public: resolve(import.meta.dirname, 'index.html'),
        admin: resolve(import.meta.dirname, 'admin/index.html'),
      },
      output: {
        // TanStack Query's core, which the admin entry loads at once anyway, as one chunk: split
        // by which screens share which part, it cost more in chunk overhead than it saved.
        codeSplitting: {
          groups: [
            {
              name: 'query-core',
              test: /node_modules[\\/]@tanstack[\\/]/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/locales': 'http://localhost:3000' },
  },
});
