import { Action, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string; link: string };

const TEXTS = {
  el: {
    subject: 'Επιβεβαιώστε τη διεύθυνσή σας',
    hello: (name: string) => `Γεια σας ${name},`,
    why: 'Για να φτάσει η εγγραφή σας στους διαχειριστές, επιβεβαιώστε ότι αυτή η διεύθυνση είναι δική σας.',
    action: 'Επιβεβαίωση διεύθυνσης',
    expires: 'Ο σύνδεσμος ισχύει μία φορά, για 24 ώρες.',
    ignore: 'Αν δεν κάνατε εσείς την εγγραφή, αγνοήστε το μήνυμα: δεν θα γίνει τίποτα.',
  },
  en: {
    subject: 'Confirm your address',
    hello: (name: string) => `Hello ${name},`,
    why: 'To send your registration to the administrators, confirm that this address is yours.',
    action: 'Confirm my address',
    expires: 'The link works once, within 24 hours.',
    ignore: 'If you did not register, ignore this message: nothing will happen.',
  },
};

export const confirmEmailMail: MailTemplate<Props> = ({ name, link }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject,
    body: (
      <Layout frame={frame} preview={t.why} heading={t.subject}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.why}</Paragraph>
        <Action href={link} label={t.action} />
        <Paragraph>{t.expires}</Paragraph>
        <Paragraph>{t.ignore}</Paragraph>
      </Layout>
    ),
  };
};
