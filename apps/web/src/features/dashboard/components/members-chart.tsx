import { useTranslation } from 'react-i18next';

type Week = { start: string; count: number };

const HEIGHT = 80;
const BAR = 16;
const GAP = 6;

/**
 * New members per week as bars; a screen reader gets the same figures as a table, since the
 * drawing says nothing to it.
 */
export function MembersChart({ weeks, formatWeek }: { weeks: Week[]; formatWeek: (start: string) => string }) {
  const { t } = useTranslation();
  const highest = Math.max(1, ...weeks.map((week) => week.count));
  const width = weeks.length * (BAR + GAP) - GAP;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="h-20 w-full max-w-sm"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {weeks.map((week, i) => {
          const height = week.count === 0 ? 1 : Math.max(3, (week.count / highest) * HEIGHT);
          return (
            <rect
              key={week.start}
              x={i * (BAR + GAP)}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              rx={2}
              className={week.count === 0 ? 'fill-slate-200' : 'fill-brand-600'}
            >
              <title>{`${formatWeek(week.start)}: ${week.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="text-xs text-slate-600">
        {t('dashboard.members.chartCaption', { weeks: weeks.length })}
      </figcaption>
      <table className="sr-only">
        <caption>{t('dashboard.members.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.members.week')}</th>
            <th scope="col">{t('dashboard.members.newMembers')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.start}>
              <th scope="row">{formatWeek(week.start)}</th>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
