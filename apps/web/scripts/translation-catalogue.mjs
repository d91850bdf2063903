// Writes dist/translation-catalogue.json: every key the web app's source uses, with its Greek and
// English text from src/locales. The server merges it into the stored translations on "Generate".
// A key used in the source but missing from either language fails the build.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LANGUAGES = ['el', 'en'];

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`: the served files are flat. */
export function flatten(tree, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[name] = value;
    else flatten(value, name, out);
  }
  return out;
}

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Literal keys in t('...') and i18nKey="..." calls; keys built at run time are listed in locales only. */
export function usedKeys(files) {
  const keys = new Set();
  const pattern = /\bt\(\s*['"]([\w.-]+)['"]/g;
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) keys.add(match[1]);
  }
  return keys;
}

/** A key called with a count may be written in plural forms instead, as i18next reads them. */
const PLURAL_FORMS = ['one', 'other'];
const hasText = (texts, key) => key in texts || PLURAL_FORMS.every((form) => `${key}_${form}` in texts);

export function buildCatalogue() {
  const languages = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      flatten(JSON.parse(fs.readFileSync(path.join(root, 'src/locales', `${language}.json`), 'utf8'))),
    ]),
  );
  const missing = [];
  // Every language has every key.
  for (const language of LANGUAGES) {
    for (const other of LANGUAGES) {
      for (const key of Object.keys(languages[other]))
        if (!(key in languages[language])) missing.push(`${language}: ${key}`);
    }
  }
  for (const key of usedKeys(sourceFiles(path.join(root, 'src')))) {
    for (const language of LANGUAGES) if (!hasText(languages[language], key)) missing.push(`${language}: ${key}`);
  }
  return { languages, missing: [...new Set(missing)] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { languages, missing } = buildCatalogue();
  if (missing.length > 0) {
    console.error(`Texts missing for keys used in the source:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  const outDir = path.join(root, 'dist');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'translation-catalogue.json'), JSON.stringify({ languages }));
  console.log(`translation catalogue: ${Object.keys(languages.el).length} keys in ${LANGUAGES.join(', ')}`);
}
