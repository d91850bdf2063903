import { messages } from '@community/shared';
import type { TFunction } from 'i18next';

const exact: Record<string, string> = {
  [messages.emailFormat]: 'validation.email',
  [messages.passwordMin]: 'validation.passwordMin',
  [messages.passwordsDoNotMatch]: 'validation.passwordsDoNotMatch',
  [messages.fileTooLarge]: 'profile.fileTooLarge',
};
const labels: Record<string, string> = {
  Email: 'common.email',
  Password: 'common.password',
  Name: 'fields.name',
  Menu: 'fields.menu',
  Path: 'fields.path',
  Route: 'fields.route',
  User: 'userRoles.user',
  Role: 'userRoles.role',
};

/**
 * The shared schemas speak the spec's English; the screen shows the same rule in the chosen
 * language. Messages without a translation are shown as they are.
 */
export function translateMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = exact[message];
  if (key) return t(key);
  const required = /^(.+) is required$/.exec(message);
  if (required) {
    const label = required[1]!;
    return t('validation.required', { label: labels[label] ? t(labels[label]) : label });
  }
  return message;
}
