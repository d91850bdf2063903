import { MESSAGE_TEXTS_EN, type MessageKey } from './message-texts.js';

/** The values a template takes, in the order its `{placeholders}` appear. */
type Values<S extends string> = S extends `${string}{${string}}${infer Rest}` ? [string | number, ...Values<Rest>] : [];

type Sentence<S extends string> = Values<S> extends [] ? S : (...values: Values<S>) => string;

/** `{a} and {b}` with `['x', 'y']`: `x and y`. */
export function fillTemplate(template: string, values: readonly (string | number)[]): string {
  let index = 0;
  let out = '';
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    const close = open < 0 ? -1 : template.indexOf('}', open);
    if (open < 0 || close < 0) break;
    out += template.slice(at, open) + String(values[index++] ?? '');
    at = close + 1;
  }
  return out + template.slice(at);
}

type Messages = { [K in MessageKey]: Sentence<(typeof MESSAGE_TEXTS_EN)[K]> };

function english(template: string): string | ((...values: (string | number)[]) => string) {
  return template.includes('{') ? (...values: (string | number)[]) => fillTemplate(template, values) : template;
}

/**
 * The API's sentences, in English: the words the spec gives, and the ones this product adds. A
 * browser shows them in the reader's language through `localizeMessage`.
 */
export const messages = Object.fromEntries(
  Object.entries(MESSAGE_TEXTS_EN).map(([key, template]) => [key, english(template)]),
) as unknown as Messages;
