import { Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string };

const TEXTS = {
  el: {
    subject: 'Ο λογαριασμός σας διαγράφηκε',
    hello: (name: string) => `Γεια σας ${name},`,
    deleted: (site: string) =>
      `Όπως ζητήσατε, ο λογαριασμός σας στην ${site} διαγράφηκε μαζί με το προφίλ, τις ειδοποιήσεις και τις συνδέσεις του.`,
    kept: 'Στο ημερολόγιο ενεργειών οι καταχωρίσεις σας μένουν ως «διαγραμμένος χρήστης», χωρίς τη διεύθυνσή σας.',
    notYou: 'Αν δεν το ζητήσατε εσείς, επικοινωνήστε με τους διαχειριστές.',
  },
  en: {
    subject: 'Your account was deleted',
    hello: (name: string) => `Hello ${name},`,
    deleted: (site: string) =>
      `As you asked, your account at ${site} was deleted, with its profile, notifications and sign-ins.`,
    kept: 'In the audit log your entries remain as "deleted user", without your address.',
    notYou: 'If you did not ask for this, contact the administrators.',
  },
};

export const accountDeletedMail: MailTemplate<Props> = ({ name }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={t.subject} heading={t.subject}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.deleted(frame.siteName)}</Paragraph>
        <Paragraph>{t.kept}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
      </Layout>
    ),
  };
};
