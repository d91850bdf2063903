import { render } from '@react-email/components';
import type { Language } from '@community/shared';
import { MAIL_TEMPLATES } from './templates/index.js';

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailProps<K extends MailKind> = Parameters<(typeof MAIL_TEMPLATES)[K]>[0];
export type RenderedMail = { subject: string; html: string; text: string };

/** The subject, the HTML part and the text part of one mail, all from its one template. */
export async function renderMail<K extends MailKind>(
  kind: K,
  props: MailProps<K>,
  frame: { language: Language; siteName: string; publicUrl: string },
): Promise<RenderedMail> {
  const template = MAIL_TEMPLATES[kind] as (p: MailProps<K>, f: typeof frame) => ReturnType<(typeof MAIL_TEMPLATES)[K]>;
  const { subject, body } = template(props, frame);
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { subject, html, text };
}
