/** major.minor of the root package.json's version, put in by Vite at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
