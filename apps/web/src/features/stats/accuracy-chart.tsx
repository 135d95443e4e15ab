import { useId } from 'react';
import type { AccuracyPoint } from '@galeno/domain/contracts/stats';
import { GOOD_THRESHOLD } from '@galeno/domain/scores';
import { SCORE_TONE_LABELS, SCORE_TONE_RANGES, SCORE_TONES, scoreTone, type ScoreTone } from '@galeno/domain/score-tone';

const shortDay = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' is already a Mexico City calendar day: format it as that day, whatever the viewer's zone. */
function dayDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

export function formatShortDay(day: string): string {
  return shortDay.format(dayDate(day));
}

/** Each day's bar in the colour of its score, as every bar on the page (scoreTone). */
const BAR_FILL: Record<ScoreTone, { fill: string; swatch: string }> = {
  weak: { fill: 'fill-red-600', swatch: 'bg-red-600' },
  fair: { fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  strong: { fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
};

const GRID = [0, 50, 100];

/**
 * Accuracy per day as bars, drawn in inline SVG (no chart library). The drawing stretches to its box, so
 * its labels are HTML, which keeps their size on a phone and on a wide screen. Assistive technology gets
 * one summary sentence for the drawing, and the same data as a table underneath.
 */
export function AccuracyChart({ points }: { points: readonly AccuracyPoint[] }) {
  const descriptionId = useId();
  if (points.length === 0) {
    return (
      <section aria-labelledby="accuracy-heading">
        <AccuracyHeading />
        <p className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 shadow-sm">
          Aún no hay respuestas en los últimos 30 días.
        </p>
      </section>
    );
  }

  const slot = 100 / points.length;
  const barWidth = Math.min(slot * 0.7, 8);
  const first = points[0] as AccuracyPoint;
  const last = points[points.length - 1] as AccuracyPoint;
  const best = points.reduce((top, point) => (point.accuracy > top.accuracy ? point : top), first);
  const answered = points.reduce((sum, point) => sum + point.answered, 0);
  const correct = points.reduce((sum, point) => sum + point.correct, 0);
  const average = answered > 0 ? Math.round((correct / answered) * 100) : 0;
  const summary =
    points.length === 1
      ? `Precisión del ${longDay.format(dayDate(first.day))}: ${Math.round(first.accuracy)}%.`
      : `Precisión diaria del ${longDay.format(dayDate(first.day))} al ${longDay.format(dayDate(last.day))}, ${points.length} días con respuestas: promedio ${average}%, mejor día ${formatShortDay(best.day)} con ${Math.round(best.accuracy)}%.`;
  const labelled = points.length <= 3 ? points.map((_, index) => index) : [0, Math.floor((points.length - 1) / 2), points.length - 1];

  return (
    <section aria-labelledby="accuracy-heading">
      <AccuracyHeading />
      <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div role="img" aria-labelledby={descriptionId} className="relative h-48 pb-6 pl-10 sm:h-56">
          <span id={descriptionId} className="sr-only">
            {summary}
          </span>
          {GRID.map((value) => (
            <span
              key={value}
              aria-hidden="true"
              className="absolute left-0 w-8 -translate-y-1/2 text-right text-xs tabular-nums text-slate-600"
              style={{ top: `calc((100% - 1.5rem) * ${(100 - value) / 100})` }}
            >
              {value}%
            </span>
          ))}
          <svg aria-hidden="true" viewBox="0 0 100 100" preserveAspectRatio="none" className="h-full w-full overflow-visible">
            {GRID.map((value) => (
              <line
                key={value}
                x1="0"
                x2="100"
                y1={100 - value}
                y2={100 - value}
                className="stroke-slate-200"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <line
              x1="0"
              x2="100"
              y1={100 - GOOD_THRESHOLD}
              y2={100 - GOOD_THRESHOLD}
              className="stroke-slate-500"
              strokeWidth="1.5"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
            {points.map((point, index) => {
              const height = Math.max(0, Math.min(100, point.accuracy));
              return (
                <rect
                  key={point.day}
                  x={index * slot + (slot - barWidth) / 2}
                  y={100 - height}
                  width={barWidth}
                  height={Math.max(height, 0.8)}
                  rx="0.6"
                  className={BAR_FILL[scoreTone(point.accuracy)].fill}
                >
                  <title>{`${formatShortDay(point.day)}: ${Math.round(point.accuracy)}% (${point.correct} de ${point.answered})`}</title>
                </rect>
              );
            })}
          </svg>
          {labelled.map((index) => {
            const point = points[index] as AccuracyPoint;
            return (
              <span
                key={point.day}
                aria-hidden="true"
                className="absolute bottom-0 -translate-x-1/2 whitespace-nowrap text-xs text-slate-600"
                style={{ left: `calc(2.5rem + (100% - 2.5rem) * ${(index + 0.5) / points.length})` }}
              >
                {formatShortDay(point.day)}
              </span>
            );
          })}
        </div>
        <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          {SCORE_TONES.map((tone) => (
            <Legend
              key={tone}
              className={BAR_FILL[tone].swatch}
              label={`${SCORE_TONE_LABELS[tone]}: ${SCORE_TONE_RANGES[tone].toLowerCase()}`}
            />
          ))}
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-slate-500" />
            Meta: {GOOD_THRESHOLD}%
          </span>
        </p>
        <details className="mt-3">
          <summary className="inline-flex min-h-11 items-center rounded-lg font-semibold text-brand-800">
            Ver los datos en una tabla
          </summary>
          {/* Three columns fit 360 px; a larger text size scrolls it sideways inside its box, the day kept in view. */}
          <div className="mt-2 overflow-x-auto" data-testid="accuracy-table">
            <table className="w-full text-left text-sm tabular-nums">
              <caption className="sr-only">Precisión por día</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-600 sm:text-sm">
                  <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-semibold">
                    Día
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    Correctas
                  </th>
                  <th scope="col" className="py-2 pl-2 text-right font-semibold">
                    Precisión
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.day} className="border-b border-slate-100">
                    <th scope="row" className="sticky left-0 whitespace-nowrap bg-white py-2 pr-3 font-normal text-slate-800">
                      <time dateTime={point.day}>
                        <span aria-hidden="true" className="sm:hidden">
                          {formatShortDay(point.day)}
                        </span>
                        <span className="sr-only sm:not-sr-only">{longDay.format(dayDate(point.day))}</span>
                      </time>
                    </th>
                    <td className="whitespace-nowrap px-2 py-2 text-right">
                      {point.correct} de {point.answered}
                    </td>
                    <td className="py-2 pl-2 text-right font-semibold">{Math.round(point.accuracy)}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}

function AccuracyHeading() {
  return (
    <h2 id="accuracy-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
      Precisión en el tiempo
    </h2>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`size-3 rounded-sm ${className}`} />
      {label}
    </span>
  );
}
