import { render } from '@react-email/components';
import { MAIL_TEMPLATES } from './templates/index.js';
import type { MailFrame } from './templates/layout.js';

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailProps<K extends MailKind> = Parameters<(typeof MAIL_TEMPLATES)[K]>[0];
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Headings keep their letters in the text part: capitalised there, a Greek heading kept its
 * accents ("ΕΠΑΝΑΦΟΡΆ ΚΩΔΙΚΟΎ"), which Greek capitals drop.
 */
const PLAIN_TEXT = {
  plainText: true,
  htmlToTextOptions: {
    selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
  },
};

/** The subject, the HTML part and the text part of one mail, all from its one template. */
export async function renderMail<K extends MailKind>(
  kind: K,
  props: MailProps<K>,
  frame: MailFrame,
): Promise<RenderedMail> {
  const template = MAIL_TEMPLATES[kind] as (p: MailProps<K>, f: typeof frame) => ReturnType<(typeof MAIL_TEMPLATES)[K]>;
  const { subject, body } = template(props, frame);
  const [html, text] = await Promise.all([render(body), render(body, PLAIN_TEXT)]);
  return { subject, html, text };
}
