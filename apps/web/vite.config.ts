import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { Meteors } from './src/public/meteors';

/** The footers show major.minor of the root package.json's version, the one place it is written. */
const rootPackage = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};
const shownVersion = rootPackage.version.split('.').slice(0, 2).join('.');

/**
 * The public site's meteors never change, so they are written into its HTML once, at build time,
 * outside the React root: the first render no longer creates their 150 elements, which on a
 * throttled phone was most of the page's blocking time (Lighthouse TBT of /events about 190 ms
 * before, 70 ms after).
 */
function staticMeteors(): Plugin {
  const publicPage = resolve(import.meta.dirname, 'index.html');
  return {
    name: 'static-meteors',
    transformIndexHtml(html, { filename }) {
      if (filename !== publicPage) return html;
      return html.replace(
        '<div id="root"></div>',
        // After the root: public.css shows them once the app has drawn into it.
        `<div id="root"></div>${renderToStaticMarkup(createElement(Meteors))}`,
      );
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
