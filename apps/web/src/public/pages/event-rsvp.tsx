import { useEffect, useState, type ReactNode } from 'react';
import type { PublicEvent, RsvpState } from '@community/shared';
import { buttonClass } from '../../components/ui/button';
import { useFocusWhenShown } from '../../lib/use-focus-when-shown';
import { getRsvp, HttpError, readSignInToken, sayGoing, takeBackGoing } from '../events-data';
import { signInHref } from '../router';
import { useT } from '../texts';

type Answer =
  /** `ended`: the stored sign-in was refused, on reading the answer or on sending one (`unsaved`). */
  | { state: 'signed-out'; ended?: 'read' | 'unsaved' }
  | { state: 'loading' }
  | { state: 'ready'; rsvp: RsvpState; isSending: boolean; error?: string };

/** Where a visitor signs in, coming back to this event afterwards. */

/**
 * The count of those going and, for a signed-in member, Going / Not going. The server decides
 * (full, past, draft, RSVP off): its sentence is shown when it refuses.
 */
export function EventRsvp({ event }: { event: PublicEvent }) {
  const t = useT();
  const [token] = useState(readSignInToken);
  const [answer, setAnswer] = useState<Answer>(() => (token ? { state: 'loading' } : { state: 'signed-out' }));
  // Going and Not going take each other's place, and neither can be pressed while the answer is
  // sent: the one that follows takes the focus.
  const { focusWhenShown, focusTarget } = useFocusWhenShown();

  useEffect(() => {
    if (!token || !event.rsvpEnabled) return;
    let isCurrent = true;
    getRsvp(event._id, token).then(
      (rsvp) => isCurrent && setAnswer({ state: 'ready', rsvp, isSending: false }),
      // An ended sign-in is no sign-in; anything else leaves the page's own count.
      (error: unknown) =>
        isCurrent &&
        setAnswer(
          error instanceof HttpError && error.status === 401
            ? { state: 'signed-out', ended: 'read' }
            : { state: 'ready', rsvp: countsOf(event), isSending: false, error: t('public.events.rsvp.failed') },
        ),
    );
    return () => {
      isCurrent = false;
    };
    // The answer is read once per event page; `t` and the event's counts do not change it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event._id, token]);

  if (!event.rsvpEnabled)
    return (
      <Box keepsRoom={false}>
        <p className="text-slate-700">{t('public.events.rsvp.off')}</p>
      </Box>
    );

  const counts = answer.state === 'ready' ? answer.rsvp : countsOf(event);
  // Once it is over, those who said they would come are counted as such; the places no longer matter.
  const countText = event.isPast
    ? t('public.events.went', { count: counts.goingCount })
    : counts.capacity === null
      ? t('public.events.going', { count: counts.goingCount })
      : t(counts.capacity === 1 ? 'public.events.goingOfOnePlace' : 'public.events.goingOf', {
          count: counts.goingCount,
          capacity: counts.capacity,
        });
  const isGoing = answer.state === 'ready' && answer.rsvp.going;

  const send = (call: typeof sayGoing) => {
    if (!token || answer.state !== 'ready') return;
    setAnswer({ ...answer, isSending: true, error: undefined });
    call(event._id, token).then(
      (rsvp) => {
        setAnswer({ state: 'ready', rsvp, isSending: false });
        focusWhenShown('answer');
      },
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 401)
          return setAnswer({ state: 'signed-out', ended: 'unsaved' });
        setAnswer({
          ...answer,
          isSending: false,
          error: (error instanceof HttpError && error.message) || t('public.events.rsvp.failed'),
        });
        // A refusal often comes of a change made elsewhere (the last place taken meanwhile): the
        // answer is read again, and a full event then says so itself.
        getRsvp(event._id, token).then(
          (rsvp) =>
            setAnswer((current) =>
              current.state === 'ready'
                ? { ...current, rsvp, error: rsvp.isFull && !rsvp.going ? undefined : current.error }
                : current,
            ),
          () => undefined,
        );
      },
    );
  };

  let status;
  if (event.isPast) status = t('public.events.rsvp.past');
  else if (answer.state === 'signed-out' && answer.ended)
    status = t(answer.ended === 'unsaved' ? 'public.events.rsvp.endedUnsaved' : 'public.events.rsvp.ended');
  else if (isGoing) status = t('public.events.rsvp.youAreGoing');
  else if (counts.isFull) status = t('public.events.rsvp.full');

  let action = null;
  if (answer.state === 'signed-out' && !event.isPast && !counts.isFull)
    action = (
      <a href={signInHref(`/events/${encodeURIComponent(event._id)}`)} className="font-medium text-brand-700 underline">
        {t('public.events.rsvp.signIn')}
      </a>
    );
  // Once it is over there is no answer to give: nothing to check, and no line that comes and goes.
  else if (answer.state === 'loading' && !event.isPast)
    action = <span className="text-sm text-slate-600">{t('public.events.rsvp.checking')}</span>;
  else if (answer.state === 'ready' && isGoing && !event.isPast)
    action = (
      <button
        ref={focusTarget('answer')}
        type="button"
        disabled={answer.isSending}
        onClick={() => send(takeBackGoing)}
        className={buttonClass('secondary')}
      >
        {t('public.events.rsvp.notGoing')}
      </button>
    );
  else if (answer.state === 'ready' && !event.isPast && !counts.isFull)
    action = (
      <button
        ref={focusTarget('answer')}
        type="button"
        disabled={answer.isSending}
        onClick={() => send(sayGoing)}
        className={buttonClass()}
      >
        {t('public.events.rsvp.going')}
      </button>
    );

  return (
    <Box keepsRoom={!event.isPast}>
      <div role="status" className="flex flex-col gap-2">
        <p className="font-medium text-slate-900">{countText}</p>
        {status && <p className="text-slate-700">{status}</p>}
      </div>
      {answer.state === 'ready' && answer.error && (
        <p role="alert" className="text-sm text-red-700">
          {answer.error}
        </p>
      )}
      {action && <div>{action}</div>}
    </Box>
  );
}

const countsOf = (event: PublicEvent): RsvpState => ({
  going: false,
  goingCount: event.goingCount,
  capacity: event.capacity,
  isFull: event.isFull,
});

/**
 * One height whatever it holds, so the page does not move when the member's answer arrives; an
 * event that takes no answers, or is over, knows so from the first render and needs no room kept.
 */
function Box({ children, keepsRoom = true }: { children: ReactNode; keepsRoom?: boolean }) {
  const t = useT();
  return (
    <section
      aria-label={t('public.events.rsvp.label')}
      className={`flex flex-col justify-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 ${keepsRoom ? 'min-h-32' : ''}`}
    >
      {children}
    </section>
  );
}
