import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEvent, DashboardCard } from '@community/shared';
import { DecisionButtons } from '../../../components/forms/decision-buttons';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';
import { MembersChart } from './members-chart';

type CardOf<K extends DashboardCard['key']> = Extract<DashboardCard, { key: K }>;

type Props = {
  cards: DashboardCard[];
  formatDate: (iso: string) => string;
  formatWeek: (start: string) => string;
  /** The sentence an audit entry reads as. */
  describe: (event: AuditEvent) => string;
  /** Absent where the person may not approve; `onDone` once it is done. */
  onApprove?: (inviteId: string, onDone: () => void) => void;
  /** Absent where the person may not reject; `onDone` once it is done. */
  onReject?: (inviteId: string, onDone: () => void) => void;
  busyInviteId: string | undefined;
};

function Card({
  id,
  title,
  titleRef,
  link,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  link: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 break-words rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={TITLE_CLASS}>
          {title}
        </h2>
        <Link to={link} className="text-sm text-brand-700 underline">
          {linkLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}

const TITLE_CLASS = 'text-base font-semibold text-slate-900 focus:outline-none';
/** The registrations card's title, where the focus goes once no one is left to decide on. */
const REGISTRATIONS_TITLE = 'registrations-title';
/** A registration's row the focus can be given to: read out whole, it offers no action itself. */
const ROW_FOCUS = '-mx-2 rounded-md px-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

function Figure({ value, label }: { value: number; label: string }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="text-3xl font-semibold text-slate-900">{value}</span>
      <span className="text-sm text-slate-700">{label}</span>
    </p>
  );
}

/** The admin home: one card per list the viewer may read, each leading to its screen. */
export function DashboardCards(props: Props) {
  const { t } = useTranslation();
  const { cards, formatDate, formatWeek, describe, onApprove, onReject } = props;
  const of = <K extends DashboardCard['key']>(key: K) =>
    cards.find((card) => card.key === key) as CardOf<K> | undefined;
  const registrations = of('registrations');
  const messages = of('messages');
  const members = of('members');
  const activity = of('activity');
  // A decision takes its row away: the focus goes to the next row (not its Approve button, so a
  // second keypress decides on no one), or the row before it, or else the card's title.
  const { focusWhenShown, focusTarget } = useFocusWhenShown();
  const decide = (act: (inviteId: string, onDone: () => void) => void, inviteId: string) => {
    const shown = registrations?.latest ?? [];
    const index = shown.findIndex((person) => person.inviteId === inviteId);
    const after = shown[index + 1] ?? shown[index - 1];
    act(inviteId, () => focusWhenShown(after?.inviteId ?? REGISTRATIONS_TITLE));
  };
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {registrations && (
        <Card
          id="card-registrations"
          title={t('dashboard.registrations.title')}
          titleRef={focusTarget(REGISTRATIONS_TITLE)}
          link="/invites"
          linkLabel={t('dashboard.registrations.link')}
        >
          <Figure
            value={registrations.waiting}
            label={t('dashboard.registrations.waiting', { count: registrations.waiting })}
          />
          {registrations.confirming > 0 && (
            <p className="text-sm text-slate-600">
              {t('dashboard.registrations.confirming', { count: registrations.confirming })}
            </p>
          )}
          <ul className="flex flex-col divide-y divide-slate-100">
            {registrations.latest.map((person) => (
              <li
                key={person.inviteId}
                ref={focusTarget(person.inviteId)}
                tabIndex={-1}
                className={`flex flex-wrap items-center justify-between gap-2 py-2 text-sm ${ROW_FOCUS}`}
              >
                <span>
                  <span className="font-medium text-slate-900">{person.name}</span>{' '}
                  <span className="text-slate-600">{person.email}</span>
                </span>
                <span className="flex gap-2">
                  <DecisionButtons
                    isBusy={props.busyInviteId === person.inviteId}
                    onApprove={onApprove && (() => decide(onApprove, person.inviteId))}
                    onReject={onReject && (() => decide(onReject, person.inviteId))}
                    name={person.name}
                  />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {messages && (
        <Card
          id="card-messages"
          title={t('dashboard.messages.title')}
          link="/messages?status=new"
          linkLabel={t('dashboard.messages.link')}
        >
          <Figure value={messages.new} label={t('dashboard.messages.new', { count: messages.new })} />
          <ul className="flex flex-col divide-y divide-slate-100">
            {messages.latest.map((message) => (
              <li key={message._id} className="py-2 text-sm">
                <p className="font-medium text-slate-900">
                  {message.name} <span className="font-normal text-slate-600">· {formatDate(message.createdAt)}</span>
                </p>
                <p className="truncate text-slate-700">{message.excerpt}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {members && (
        <Card
          id="card-members"
          title={t('dashboard.members.title')}
          // The list filtered as the card counts, so its total is the card's.
          link="/users?confirmed=true&blocked=false"
          linkLabel={t('dashboard.members.link')}
        >
          <Figure value={members.total} label={t('dashboard.members.total', { count: members.total })} />
          <p className="-mt-2 text-sm text-slate-600">{t('dashboard.members.who')}</p>
          <MembersChart weeks={members.weeks} formatWeek={formatWeek} />
        </Card>
      )}
      {activity && (
        <Card
          id="card-activity"
          title={t('dashboard.activity.title')}
          link="/audit-log"
          linkLabel={t('dashboard.activity.link')}
        >
          <ul className="flex flex-col divide-y divide-slate-100">
            {activity.latest.map((event) => (
              <li key={event._id} className="py-2 text-sm">
                <p className="text-slate-800">{describe(event)}</p>
                <p className="text-xs text-slate-600">{formatDate(event.at)}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
