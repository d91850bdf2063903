import { Action, formatWhen, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { link: string; expiresAt: Date; inviterName: string };

const TEXTS = {
  el: {
    subject: (site: string) => `Πρόσκληση στην ${site}`,
    heading: 'Έχετε πρόσκληση',
    invited: (inviter: string, site: string) => `${inviter} σας προσκαλεί στην ${site}.`,
    action: 'Αποδοχή πρόσκλησης',
    expires: (when: string) => `Ο σύνδεσμος ισχύει έως ${when}.`,
    ignore: 'Αν δεν περιμένατε αυτή την πρόσκληση, αγνοήστε το μήνυμα.',
  },
  en: {
    subject: (site: string) => `Your invitation to ${site}`,
    heading: 'You are invited',
    invited: (inviter: string, site: string) => `${inviter} invites you to join ${site}.`,
    action: 'Accept the invitation',
    expires: (when: string) => `The link works until ${when}.`,
    ignore: 'If you did not expect this invitation, ignore this message.',
  },
};

export const inviteMail: MailTemplate<Props> = ({ link, expiresAt, inviterName }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject(frame.siteName),
    body: (
      <Layout frame={frame} preview={t.invited(inviterName, frame.siteName)} heading={t.heading}>
        <Paragraph>{t.invited(inviterName, frame.siteName)}</Paragraph>
        <Action href={link} label={t.action} />
        <Paragraph>{t.expires(formatWhen(expiresAt, frame))}</Paragraph>
        <Paragraph>{t.ignore}</Paragraph>
      </Layout>
    ),
  };
};
