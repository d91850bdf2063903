import { localizeMessage, messages } from '@community/shared';
import { Action, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

/** The change, as the sentence its notification also shows. */
type Props = { change: string };

const TEXTS = {
  el: { subject: 'Η προστασία της σύνδεσής σας άλλαξε', action: 'Σύνδεση και ασφάλεια' },
  en: { subject: 'Your sign-in protection changed', action: 'Sign-in and security' },
};

export const secondFactorChangedMail: MailTemplate<Props> = ({ change }, frame) => {
  const t = TEXTS[frame.language];
  const what = `${localizeMessage(change, frame.language)}.`;
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={what} heading={t.subject}>
        <Paragraph>{what}</Paragraph>
        <Paragraph>{localizeMessage(messages.mfaChangedBody, frame.language)}</Paragraph>
        <Action href={`${frame.publicUrl}/admin/account/security`} label={t.action} />
      </Layout>
    ),
  };
};
