import fs from 'node:fs';
import path from 'node:path';

/** The product's version: the root package.json holds it, for the server and the web build alike. */
export const PRODUCT_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
