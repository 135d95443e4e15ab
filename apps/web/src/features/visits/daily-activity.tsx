import { useId } from 'react';
import type { StaffMetrics } from '@galeno/domain/contracts/affiliates';
import { STAFF_TABLE_DAYS } from '@galeno/domain/timings';
import { formatDay, formatInteger, formatLongDay } from './format';
import { TableFrame, tableClassName, tdClassName, thClassName } from './table-frame';

type Daily = StaffMetrics['daily'];
type Series = 'visits' | 'clicks' | 'registrations';

const SERIES: { key: Series; label: string; bar: string }[] = [
  { key: 'visits', label: 'Visitas', bar: 'fill-brand-600' },
  { key: 'clicks', label: 'Clics', bar: 'fill-sky-600' },
  { key: 'registrations', label: 'Registros', bar: 'fill-violet-600' },
];

/**
 * Visits, clicks and registrations per day for the last STAFF_TABLE_DAYS days: one small bar chart per
 * series (each on its own scale, so a handful of registrations stays visible next to hundreds of
 * visits), then the same figures as a table, which is the accessible source of the exact numbers.
 */
export function DailyActivity({ daily }: { daily: Daily }) {
  return (
    <section aria-labelledby="daily-title" className="space-y-4">
      <h2 id="daily-title" className="text-xl font-bold text-slate-900">
        Últimos {STAFF_TABLE_DAYS} días
      </h2>
      <div className="grid gap-3 md:grid-cols-3">
        {SERIES.map((series) => (
          <DailyBars key={series.key} daily={daily} series={series} />
        ))}
      </div>
      <DailyTable daily={daily} />
    </section>
  );
}

const WIDTH = 280;
const HEIGHT = 80;
const GAP = 4;

function DailyBars({ daily, series }: { daily: Daily; series: (typeof SERIES)[number] }) {
  const id = useId();
  const values = daily.map((row) => row[series.key]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const max = Math.max(0, ...values);
  const peak = daily.find((row) => row[series.key] === max && max > 0);
  const barWidth = daily.length > 0 ? WIDTH / daily.length - GAP : 0;
  const description =
    `${series.label} por día en los últimos ${daily.length} días: ${formatInteger(total)} en total` +
    (peak ? `, con el máximo de ${formatInteger(max)} el ${formatLongDay(peak.day)}.` : '.') +
    ' Las cifras de cada día están en la tabla siguiente.';

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-800">{series.label}</span>
        <span className="text-2xl font-bold text-slate-900">{formatInteger(total)}</span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-20 w-full"
      >
        <title id={`${id}-title`}>{`${series.label} por día`}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {daily.map((row, index) => {
          const value = row[series.key];
          // A day with activity always shows a sliver, so "few" never reads as "none".
          const height = max > 0 && value > 0 ? Math.max(2, (value / max) * (HEIGHT - 2)) : 0;
          return (
            <rect
              key={row.day}
              x={index * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - 1 - height}
              width={barWidth}
              height={height}
              rx="1.5"
              className={series.bar}
            >
              <title>{`${formatDay(row.day)}: ${formatInteger(value)}`}</title>
            </rect>
          );
        })}
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-slate-300"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {daily.length > 0 && (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{formatDay(daily[0]!.day)}</span>
          <span>{formatDay(daily[daily.length - 1]!.day)}</span>
        </div>
      )}
    </figure>
  );
}

function DailyTable({ daily }: { daily: Daily }) {
  const totals = SERIES.map(({ key }) => daily.reduce((sum, row) => sum + row[key], 0));
  // Newest first: the day people ask about is usually today or yesterday.
  const rows = [...daily].reverse();
  return (
    <TableFrame captionId="daily-caption">
      <table className={tableClassName}>
        <caption id="daily-caption" className="sr-only">
          Visitas, clics y registros por día, últimos {daily.length} días
        </caption>
        <thead>
          <tr>
            <th scope="col" className={thClassName}>
              Día
            </th>
            {SERIES.map(({ key, label }) => (
              <th key={key} scope="col" className={`${thClassName} text-right`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day} className="border-t border-slate-100">
              <th scope="row" className={`${tdClassName} font-medium text-slate-900`}>
                <time dateTime={row.day}>{formatDay(row.day)}</time>
              </th>
              {SERIES.map(({ key }) => (
                <td key={key} className={`${tdClassName} text-right tabular-nums`}>
                  {formatInteger(row[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-200">
            <th scope="row" className={`${tdClassName} font-semibold text-slate-900`}>
              Total
            </th>
            {totals.map((total, index) => (
              <td key={SERIES[index]!.key} className={`${tdClassName} text-right font-semibold tabular-nums text-slate-900`}>
                {formatInteger(total)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}
