import {
  LABEL_TEXTS_EL,
  MENU_NAMES_EL,
  MESSAGE_TEXTS_EL,
  PERMISSION_NAMES_EL,
  ROLE_DESCRIPTIONS_EL,
} from './message-texts.el.js';
import { MESSAGE_TEXTS_EN, type Language, type MessageKey } from './message-texts.js';
import { fillTemplate } from './messages.js';

type Template = { en: string; el: string; parts: string[]; names: string[] };

/** A template split at its placeholders: `{label} is required` is ['', ' is required'] and ['label']. */
function split(en: string, el: string): Template {
  const parts: string[] = [];
  const names: string[] = [];
  let at = 0;
  for (;;) {
    const open = en.indexOf('{', at);
    const close = open < 0 ? -1 : en.indexOf('}', open);
    if (open < 0 || close < 0) break;
    parts.push(en.slice(at, open));
    names.push(en.slice(open + 1, close));
    at = close + 1;
  }
  parts.push(en.slice(at));
  return { en, el, parts, names };
}

const entries = (Object.keys(MESSAGE_TEXTS_EN) as MessageKey[]).map((key) =>
  split(MESSAGE_TEXTS_EN[key], MESSAGE_TEXTS_EL[key]),
);
const exact = new Map(entries.filter((entry) => entry.names.length === 0).map((entry) => [entry.en, entry.el]));
// Longest literal text first, so `{label} must be at most {max} characters` wins over a looser one.
const templates = entries
  .filter((entry) => entry.names.length > 0)
  .sort((a, b) => b.parts.join('').length - a.parts.join('').length);

/** The values of `text` if it is `template` filled in, found by its literal parts (no pattern). */
function valuesIn(text: string, template: Template): string[] | undefined {
  const { parts } = template;
  if (!text.startsWith(parts[0]!) || !text.endsWith(parts[parts.length - 1]!)) return undefined;
  const values: string[] = [];
  let at = parts[0]!.length;
  for (let i = 1; i < parts.length; i++) {
    const isLast = i === parts.length - 1;
    const next = isLast ? text.length - parts[i]!.length : text.indexOf(parts[i]!, at);
    if (next < at) return undefined;
    values.push(text.slice(at, next));
    at = next + parts[i]!.length;
  }
  return values;
}

/**
 * A sentence of the API in the reader's language: `text` is one of `messages`, filled in or not.
 * A sentence this catalogue does not know is shown as it is.
 */
export function localizeMessage(text: string, language: Language): string {
  if (language === 'en') return text;
  const known = exact.get(text);
  if (known !== undefined) return known;
  for (const template of templates) {
    const values = valuesIn(text, template);
    if (!values) continue;
    const localized = values.map((value, i) =>
      template.names[i] === 'label' || template.names[i] === 'entity' ? (LABEL_TEXTS_EL[value] ?? value) : value,
    );
    // The Greek template may order its placeholders differently: fill it by name.
    const byName = new Map(template.names.map((name, i) => [name, localized[i]!]));
    const order = split(template.el, template.el).names;
    return fillTemplate(
      template.el,
      order.map((name) => byName.get(name) ?? ''),
    );
  }
  return text;
}

/** `el` or `en` from an Accept-Language header or a language code; English unless Greek comes first. */
export function languageOf(header: string | undefined | null): Language {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'el' || first.startsWith('el-') ? 'el' : 'en';
}

/** A text the product installed, in the reader's language: its Greek from `greek`; any other text as written. */
const installedText =
  (greek: Record<string, string>) =>
  (text: string, language: Language): string =>
    // Own keys only: a name such as "constructor" is the administrator's, not Object's.
    language === 'el' && Object.hasOwn(greek, text) ? greek[text]! : text;

/** A menu entry's name in the reader's language: the product's own entries have a Greek name. */
export const localizeMenuName = installedText(MENU_NAMES_EL);

/** A permission's name in the reader's language: the product's own permissions have a Greek name. */
export const localizePermissionName = installedText(PERMISSION_NAMES_EL);

/** A role's description in the reader's language: the product's own roles have a Greek one. */
export const localizeRoleDescription = installedText(ROLE_DESCRIPTIONS_EL);
