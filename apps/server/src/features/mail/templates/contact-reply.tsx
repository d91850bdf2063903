import { Quote } from './contact-message.js';
import { formatWhen, Layout, Paragraph } from './layout.js';
import type { MailTemplate } from './mail-template.js';

type Props = { name: string; reply: string; original: string; sentAt: Date };

const TEXTS = {
  el: {
    subject: (site: string) => `Απάντηση από την ${site}`,
    hello: (name: string) => `Γεια σας ${name},`,
    wrote: (when: string) => `Στις ${when} μας γράψατε:`,
    answer: 'Απαντήστε σε αυτό το email για να συνεχίσετε τη συζήτηση.',
  },
  en: {
    subject: (site: string) => `A reply from ${site}`,
    hello: (name: string) => `Hello ${name},`,
    wrote: (when: string) => `On ${when} you wrote:`,
    answer: 'Reply to this mail to go on with the conversation.',
  },
};

export const contactReplyMail: MailTemplate<Props> = ({ name, reply, original, sentAt }, frame) => {
  const t = TEXTS[frame.language];
  return {
    subject: t.subject(frame.siteName),
    body: (
      <Layout frame={frame} preview={reply.slice(0, 120)} heading={t.subject(frame.siteName)} answerable>
        <Paragraph>{t.hello(name)}</Paragraph>
        <Paragraph keepLines>{reply}</Paragraph>
        <Paragraph>{t.wrote(formatWhen(sentAt, frame))}</Paragraph>
        <Quote text={original} />
        <Paragraph>{t.answer}</Paragraph>
      </Layout>
    ),
  };
};
