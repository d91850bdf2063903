import { Action, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string };

const TEXTS = {
  el: {
    subject: (site: string) => `Καλώς ήρθατε στην ${site}`,
    hello: (name: string) => `Γεια σας ${name},`,
    approved: 'Η εγγραφή σας εγκρίθηκε. Μπορείτε πλέον να συνδεθείτε με το email και τον κωδικό σας.',
    action: 'Σύνδεση',
  },
  en: {
    subject: (site: string) => `Welcome to ${site}`,
    hello: (name: string) => `Hello ${name},`,
    approved: 'Your registration was approved. You can now sign in with your email and password.',
    action: 'Sign in',
  },
};

export const approvedMail: MailTemplate<Props> = ({ name }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject(frame.siteName),
    body: (
      <Layout frame={frame} preview={t.approved} heading={t.subject(frame.siteName)}>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph>{t.approved}</Paragraph>
        <Action href={`${frame.publicUrl}/admin/login`} label={t.action} />
      </Layout>
    ),
  };
};
