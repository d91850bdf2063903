import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS } from '@community/shared';
import { buttonClass } from '../../components/ui/button';
import { describedBy, inputLooks } from '../../components/ui/field';
import { useFocusThroughDisabled } from '../../lib/use-focus-through-disabled';
import { useFocusWhenShown } from '../../lib/use-focus-when-shown';
import { SiteLink } from '../router';
import { sendContactMessage } from '../site-data';
import { useT } from '../texts';

type Status = { state: 'idle' | 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };
type Values = { name: string; email: string; message: string };
type Problems = Partial<Record<keyof Values, string>>;

/** An address with something before and after its @ and a dot in its domain, as the server asks. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The count shows from this many characters on, so a long message is not cut unawares. */
const COUNT_FROM = CONTACT_LIMITS.message * 0.9;
const number = new Intl.NumberFormat('el');

/** The form keeps what was typed until the server has the message. */
export function ContactPage() {
  const t = useT();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  // A person takes more than a few seconds to write; a bot posts at once, or fills the hidden field.
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = Date.now();
  }, []);
  const honeypot = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<Problems>({});
  const form = useRef<HTMLFormElement>(null);
  // Send is disabled while the message goes: the focus goes to the sentence saying it went.
  const { focusWhenShown, focusTarget } = useFocusWhenShown();
  // Refused, the keyboard goes on from Send, as it was before the message went.
  const sendButton = useFocusThroughDisabled(status.state === 'sending');
  // Told at each field in the site's words, rather than by the browser's own bubbles.
  const problemsOf = ({ name, email, message }: Values): Problems => {
    const length = message.trim().length;
    return {
      ...(name.trim() ? {} : { name: t('public.contact.nameRequired') }),
      ...(EMAIL.test(email.trim()) ? {} : { email: t('public.contact.emailInvalid') }),
      ...(length === 0
        ? { message: t('public.contact.messageRequired') }
        : length > CONTACT_LIMITS.message
          ? {
              message: t('public.contact.messageTooLong', {
                count: number.format(length),
                max: number.format(CONTACT_LIMITS.message),
              }),
            }
          : {}),
    };
  };

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    // A new message begun: the last one's "sent" is about another message.
    if (status.state === 'sent') setStatus({ state: 'idle' });
    // Once told, a field's problem follows what is typed, as the back-office forms' do.
    if (problems[name]) setProblems((current) => ({ ...current, [name]: problemsOf(next)[name] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    const first = (['name', 'email', 'message'] as const).find((key) => found[key]);
    if (first) {
      // What the last send said (sent, or refused) is about another message than the one now wrong.
      setStatus({ state: 'idle' });
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus({ state: 'sending' });
    try {
      await sendContactMessage({ ...values, website: honeypot.current?.value ?? '', startedAt: startedAt.current });
      setValues({ name: '', email: '', message: '' });
      setStatus({ state: 'sent' });
      focusWhenShown('sent');
    } catch (error) {
      const { status: code, message } = error as Error & { status?: number };
      const text =
        code === 429 ? t('public.contact.tooMany') : code === 400 && message ? message : t('public.contact.failed');
      setStatus({ state: 'failed', message: text });
    }
  };

  const messageLength = values.message.trim().length;
  const counted = messageLength >= COUNT_FROM;
  // Tied to its problem for screen readers, and framed in red while it has one.
  const fieldProps = (key: keyof Values, hintId?: string) => ({
    ...describedBy(`contact-${key}`, problems[key], hintId),
    className: `px-3 py-2 ${inputLooks(problems[key])}`,
  });

  return (
    <article className="rounded-xl bg-white/95 p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h1 className="mb-2 text-3xl font-bold text-slate-900">{t('public.contact.title')}</h1>
      <p className="mb-6 text-slate-700">{t('public.contact.intro')}</p>
      {status.state === 'sent' && (
        <p
          ref={focusTarget('sent')}
          role="status"
          tabIndex={-1}
          className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('public.contact.sent')}
        </p>
      )}
      {status.state === 'failed' && (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {status.message}
        </p>
      )}
      <form ref={form} onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('public.contact.name')}
          <input
            name="name"
            required
            {...fieldProps('name')}
            maxLength={CONTACT_LIMITS.name}
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
          />
        </label>
        <Problem id="contact-name-error" text={problems.name} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('public.contact.email')}
          <input
            name="email"
            required
            {...fieldProps('email')}
            type="email"
            maxLength={254}
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
          />
        </label>
        <Problem id="contact-email-error" text={problems.email} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('public.contact.message')}
          <textarea
            name="message"
            required
            {...fieldProps('message', counted ? 'contact-message-count' : undefined)}
            rows={6}
            value={values.message}
            onChange={set('message')}
          />
        </label>
        {/* No maxLength: a longer text pasted in is kept whole, to be shortened, not cut unseen. */}
        {counted && (
          <span
            id="contact-message-count"
            className={`-mt-3 self-end text-sm tabular-nums ${messageLength > CONTACT_LIMITS.message ? 'text-red-700' : 'text-slate-600'}`}
          >
            {t('public.contact.messageCount', {
              count: number.format(messageLength),
              max: number.format(CONTACT_LIMITS.message),
            })}
          </span>
        )}
        <Problem id="contact-message-error" text={problems.message} />
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Website
            <input ref={honeypot} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <p className="text-xs text-slate-600">
          {t('public.contact.privacyNote')}{' '}
          <SiteLink href="/privacy" className="text-brand-700 underline">
            {t('public.contact.privacyLink')}
          </SiteLink>
        </p>
        <div>
          <button ref={sendButton} type="submit" disabled={status.state === 'sending'} className={buttonClass()}>
            {status.state === 'sending' ? t('public.contact.sending') : t('public.contact.send')}
          </button>
        </div>
      </form>
    </article>
  );
}

/** A field's problem, under it, tied to it for screen readers. */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <span id={id} className="-mt-3 text-sm text-red-700">
      {text}
    </span>
  );
}
