import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languageOf, localizeMenuName, localizeMessage, localizePermissionName } from './localize.js';
import { LABEL_TEXTS_EL, MESSAGE_TEXTS_EL } from './message-texts.el.js';
import { MESSAGE_TEXTS_EN } from './message-texts.js';

const MESSAGE_TEXTS = Object.fromEntries(
  Object.entries(MESSAGE_TEXTS_EN).map(([key, en]) => [
    key,
    { en, el: MESSAGE_TEXTS_EL[key as keyof typeof MESSAGE_TEXTS_EN] },
  ]),
);
import { fillTemplate, messages } from './messages.js';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the message catalogue', () => {
  it.each(Object.entries(MESSAGE_TEXTS))('%s has an English and a Greek text with the same values', (_key, texts) => {
    expect(texts.en.trim()).not.toBe('');
    expect(texts.el.trim()).not.toBe('');
    expect(placeholders(texts.el)).toEqual(placeholders(texts.en));
    // Greek letters, unless the sentence is only values and punctuation.
    if (texts.en.replace(/\{\w+\}/g, '').replace(/[\s<>:.]/g, '')) expect(texts.el).toMatch(/[\u0370-\u03ff]/);
  });

  it('makes the English sentences of the spec, word for word', () => {
    expect(messages.emailFormat).toBe('Entered value does not match email format');
    expect(messages.required('Email')).toBe('Email is required');
    expect(messages.tooLong('Email', 254)).toBe('Email must be at most 254 characters');
    expect(messages.notFound('User')).toBe('User not found.');
  });
});

describe('localizeMessage', () => {
  it.each(Object.entries(MESSAGE_TEXTS))('puts %s into Greek, values and field names included', (key, texts) => {
    const values = placeholders(texts.en).map((_name, i) => (i === 0 ? 'Email' : `v${i}`));
    const english = fillTemplate(texts.en, values);
    const greek = localizeMessage(english, 'el');
    expect(greek, key).not.toBe(english === greek && texts.en !== texts.el ? greek : `${greek}!`);
  });

  it('translates the field a sentence names, and keeps other values as they are', () => {
    expect(localizeMessage('Name is required', 'el')).toBe(`Το πεδίο ${LABEL_TEXTS_EL.Name} είναι υποχρεωτικό`);
    expect(localizeMessage('Password must be at most 128 characters', 'el')).toBe(
      'Το πεδίο Κωδικός δέχεται έως 128 χαρακτήρες',
    );
    expect(localizeMessage('Μαρία <m@example.test> registered through an invite.', 'el')).toBe(
      'Μαρία <m@example.test>: εγγραφή μέσω πρόσκλησης.',
    );
  });

  it('leaves English as it is, and a sentence it does not know as it is', () => {
    expect(localizeMessage(messages.blocked, 'en')).toBe('Your account is blocked.');
    expect(localizeMessage('Something nobody wrote down', 'el')).toBe('Something nobody wrote down');
  });
});

describe('languageOf', () => {
  it.each([
    ['el', 'el'],
    ['el-GR,el;q=0.9,en;q=0.8', 'el'],
    ['en-US,en;q=0.9,el;q=0.8', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads %s as %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });
});

describe('texts the product installed', () => {
  it('read in Greek for Greek readers, and any other text as written', () => {
    expect(localizeMenuName('Users', 'el')).toBe('Χρήστες');
    expect(localizeMenuName('Users', 'en')).toBe('Users');
    expect(localizeMenuName('Our own page', 'el')).toBe('Our own page');
    // A name an administrator wrote is theirs even when it names a property every object has.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(localizePermissionName(name, 'el')).toBe(name);
  });
});

/** Every field name the API's checks put in a message, from the source that names them. */
function labelsInSource(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const call =
    /\b(?:dateParam|booleanParam|idParam|requiredText|optionalText|idList|requiredId|messages\.\w+)\('([^']+)'/g;
  const labels = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
        for (const match of fs.readFileSync(file, 'utf8').matchAll(call)) labels.add(match[1]!);
    }
  };
  for (const dir of ['packages/shared/src', 'apps/server/src']) walk(path.join(root, dir));
  return [...labels].sort();
}

describe('field names in messages', () => {
  const labels = labelsInSource();
  it('are found in the source', () => {
    expect(labels).toEqual(expect.arrayContaining(['Joined from', 'Name', 'Role']));
  });
  it.each(labels)('%s reads in Greek in a Greek message', (label) => {
    expect(LABEL_TEXTS_EL[label]).toBeTruthy();
  });
});
