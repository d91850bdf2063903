import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { dateTimeFormat, type Language } from '@community/shared';

/** What every mail is drawn with besides its own values; `timeZone` is the community's (SITE_TIME_ZONE). */
export type MailFrame = { language: Language; siteName: string; publicUrl: string; timeZone: string };

const colors = { text: '#1f2937', muted: '#6b7280', accent: '#3730a3', line: '#e5e7eb', page: '#f3f4f6' };

const FOOTER: Record<Language, (site: string) => string> = {
  el: (site) => `Το μήνυμα στάλθηκε αυτόματα από την ${site}. Μην απαντάτε σε αυτή τη διεύθυνση.`,
  en: (site) => `This message was sent automatically by ${site}. Please do not reply to this address.`,
};

/** The footer of a mail one may answer (a reply from the inbox). */
const ANSWERABLE_FOOTER: Record<Language, (site: string) => string> = {
  el: (site) => `Το μήνυμα στάλθηκε από την ${site} σε απάντηση του μηνύματός σας.`,
  en: (site) => `Sent by ${site} in answer to your message.`,
};

/**
 * One frame for every mail: the community's name, a heading, the body and a footer, which asks
 * for no answer unless the mail is `answerable`.
 */
export function Layout(props: {
  frame: MailFrame;
  preview: string;
  heading: string;
  answerable?: boolean;
  children: ReactNode;
}) {
  const { frame, preview, heading, answerable = false, children } = props;
  return (
    <Html lang={frame.language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.page, color: colors.text, fontFamily: 'Arial, Helvetica, sans-serif' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '560px', margin: '24px auto', padding: '32px' }}>
          <Link href={frame.publicUrl} style={{ color: colors.accent, fontSize: '14px', fontWeight: 'bold' }}>
            {frame.siteName}
          </Link>
          <Heading as="h1" style={{ fontSize: '22px', margin: '16px 0' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ color: colors.muted, fontSize: '12px', margin: 0 }}>
            {(answerable ? ANSWERABLE_FOOTER : FOOTER)[frame.language](frame.siteName)}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A person's own text with its line breaks as <br>, which the plain-text part keeps too. */
export const withLineBreaks = (text: string): ReactNode[] =>
  text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));

/** `keepLines`: a person's own text, its line breaks and runs of spaces kept. */
export function Paragraph({ children, keepLines }: { children: ReactNode; keepLines?: boolean }) {
  return (
    <Text
      style={{
        fontSize: '15px',
        lineHeight: '24px',
        margin: '0 0 12px',
        whiteSpace: keepLines ? 'pre-wrap' : undefined,
      }}
    >
      {keepLines && typeof children === 'string' ? withLineBreaks(children) : children}
    </Text>
  );
}

/** The mail's one action, with its address written out below for clients that hide buttons. */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '20px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.accent,
          borderRadius: '6px',
          color: '#ffffff',
          fontSize: '15px',
          fontWeight: 'bold',
          padding: '12px 20px',
        }}
      >
        {label}
      </Button>
      <Text style={{ color: colors.muted, fontSize: '12px', margin: '12px 0 0', wordBreak: 'break-all' }}>
        <Link href={href} style={{ color: colors.muted }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

/**
 * A date and time as the reader's language writes it, in the community's time zone, on the
 * 24-hour clock the product writes every time in: "15 Δεκεμβρίου 2026 στις 19:30".
 */
export function formatWhen(date: Date, { language, timeZone }: Pick<MailFrame, 'language' | 'timeZone'>): string {
  return dateTimeFormat(language === 'el' ? 'el-GR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
