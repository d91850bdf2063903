import { Action, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string };

const TEXTS = {
  el: {
    subject: 'Ο κωδικός σας άλλαξε',
    hello: (name: string) => `Γεια σας ${name},`,
    changed: 'Ο κωδικός του λογαριασμού σας μόλις άλλαξε και οι άλλες συνδέσεις σας τερματίστηκαν.',
    notYou: 'Αν δεν το κάνατε εσείς, ορίστε νέο κωδικό τώρα και ενημερώστε έναν διαχειριστή.',
    action: 'Ορισμός νέου κωδικού',
  },
  en: {
    subject: 'Your password was changed',
    hello: (name: string) => `Hello ${name},`,
    changed: 'The password of your account was just changed, and your other sign-ins were ended.',
    notYou: 'If it was not you, choose a new password now and tell an administrator.',
    action: 'Choose a new password',
  },
};

export const passwordChangedMail: MailTemplate<Props> = ({ name }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={t.changed} heading={t.subject}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.changed}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={`${frame.publicUrl}/admin/forgot-password`} label={t.action} />
      </Layout>
    ),
  };
};
