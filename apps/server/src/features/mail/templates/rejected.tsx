import { Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string };

const TEXTS = {
  el: {
    subject: 'Η εγγραφή σας δεν εγκρίθηκε',
    hello: (name: string) => `Γεια σας ${name},`,
    rejected: (site: string) =>
      `Οι διαχειριστές δεν ενέκριναν την εγγραφή σας στην ${site} και ο λογαριασμός που περίμενε την έγκριση διαγράφηκε.`,
    ask: 'Αν νομίζετε ότι έγινε λάθος, επικοινωνήστε με το άτομο που σας προσκάλεσε.',
  },
  en: {
    subject: 'Your registration was not approved',
    hello: (name: string) => `Hello ${name},`,
    rejected: (site: string) =>
      `The administrators of ${site} did not approve your registration, and the account waiting for approval was removed.`,
    ask: 'If you think this is a mistake, contact the person who invited you.',
  },
};

export const rejectedMail: MailTemplate<Props> = ({ name }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={t.subject} heading={t.subject}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.rejected(frame.siteName)}</Paragraph>
        <Paragraph>{t.ask}</Paragraph>
      </Layout>
    ),
  };
};
