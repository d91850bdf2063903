import { Action, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string; link: string };

const TEXTS = {
  el: {
    subject: 'Επαναφορά κωδικού',
    hello: (name: string) => `Γεια σας ${name},`,
    asked: 'Κάποιος ζήτησε επαναφορά του κωδικού του λογαριασμού σας. Για να ορίσετε νέο κωδικό, ανοίξτε τον σύνδεσμο:',
    action: 'Ορισμός νέου κωδικού',
    expires:
      'Ο σύνδεσμος ισχύει μία φορά, για μία ώρα. Αν δεν ήσασταν εσείς, αγνοήστε το μήνυμα: ο κωδικός σας μένει ίδιος.',
  },
  en: {
    subject: 'Reset your password',
    hello: (name: string) => `Hello ${name},`,
    asked: 'Someone asked to reset the password of your account. To choose a new password, open the link:',
    action: 'Choose a new password',
    expires:
      'The link works once, within one hour. If it was not you, ignore this message: your password stays as it is.',
  },
};

export const passwordResetMail: MailTemplate<Props> = ({ name, link }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={t.asked} heading={t.subject}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.asked}</Paragraph>
        <Action href={link} label={t.action} />
        <Paragraph>{t.expires}</Paragraph>
      </Layout>
    ),
  };
};
