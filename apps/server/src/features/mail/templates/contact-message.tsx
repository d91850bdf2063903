import { Text } from '@react-email/components';
import { Action, Layout, Paragraph, withLineBreaks } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string; email: string; message: string };

const TEXTS = {
  el: {
    subject: (name: string) => `Νέο μήνυμα από ${name}`,
    heading: 'Νέο μήνυμα από τη σελίδα επικοινωνίας',
    from: (name: string, email: string) => `Από: ${name} <${email}>`,
    action: 'Άνοιγμα στα μηνύματα',
    why: 'Λαμβάνετε αυτό το email επειδή το ζητήσατε στο προφίλ σας.',
  },
  en: {
    subject: (name: string) => `New message from ${name}`,
    heading: 'A new message from the contact page',
    from: (name: string, email: string) => `From: ${name} <${email}>`,
    action: 'Open in Messages',
    why: 'You get this mail because you asked for it on your profile.',
  },
};

/** The message, quoted whole: line breaks kept, markup shown as text (React escapes it). */
export function Quote({ text }: { text: string }) {
  return (
    <Text
      style={{
        borderLeft: '3px solid #e5e7eb',
        fontSize: '15px',
        lineHeight: '24px',
        margin: '0 0 12px',
        paddingLeft: '12px',
        whiteSpace: 'pre-wrap',
      }}
    >
      {withLineBreaks(text)}
    </Text>
  );
}

export const contactMessageMail: MailTemplate<Props> = ({ name, email, message }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject(name),
    body: (
      <Layout frame={frame} preview={message.slice(0, 120)} heading={t.heading}>
        <Paragraph>{t.from(name, email)}</Paragraph>
        <Quote text={message} />
        <Action href={`${frame.publicUrl}/admin/messages`} label={t.action} />
        <Paragraph>{t.why}</Paragraph>
      </Layout>
    ),
  };
};
