import type { SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import type { AreaDetail } from '@galeno/domain/contracts/stats';
import { accuracyPercent, categoryColor, type CategoryColor } from '@galeno/domain/scores';
import { ScoreBandBadge } from '../../components/ui/score-band-badge';

/** Whole class names, so Tailwind finds them in the source. */
const COLOR_CLASSES: Record<CategoryColor, { stripe: string; bar: string; track: string; stroke: string }> = {
  blue: { stripe: 'border-t-blue-600', bar: 'bg-blue-600', track: 'bg-blue-100', stroke: 'stroke-blue-600' },
  green: { stripe: 'border-t-green-600', bar: 'bg-green-600', track: 'bg-green-100', stroke: 'stroke-green-600' },
  purple: { stripe: 'border-t-purple-600', bar: 'bg-purple-600', track: 'bg-purple-100', stroke: 'stroke-purple-600' },
  yellow: { stripe: 'border-t-yellow-400', bar: 'bg-yellow-400', track: 'bg-yellow-100', stroke: 'stroke-yellow-500' },
  red: { stripe: 'border-t-red-600', bar: 'bg-red-600', track: 'bg-red-100', stroke: 'stroke-red-600' },
  orange: { stripe: 'border-t-orange-500', bar: 'bg-orange-500', track: 'bg-orange-100', stroke: 'stroke-orange-500' },
};

/** One card per speciality, best accuracy first, taking the colours in turn; its sub-specialities below. */
export function SpecialityCards({
  specialities,
  percentiles = new Map(),
  details = new Map(),
}: {
  specialities: readonly SpecialityEvaluation[];
  /** Where the student stands among active students, for the areas where they are ranked. */
  percentiles?: ReadonlyMap<string, { percentile: number; activeStudents: number }>;
  /** Each area's 30-day trend, time per question and topics. */
  details?: ReadonlyMap<string, AreaDetail>;
}) {
  return (
    <section aria-labelledby="specialities-heading">
      <h2 id="specialities-heading" className="text-lg font-bold text-slate-900 sm:text-xl">
        Por especialidad
      </h2>
      <ul className="mt-3 grid gap-4 md:grid-cols-2" data-testid="speciality-cards">
        {specialities.map((speciality, index) => {
          const color = categoryColor(index);
          const classes = COLOR_CLASSES[color];
          const percent = accuracyPercent(speciality.correctAnswers, speciality.totalSpecialityQuestionsAnswered);
          return (
            <li
              key={speciality.speciality}
              data-color={color}
              className={`rounded-2xl border border-t-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${classes.stripe}`}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-bold text-slate-900">{speciality.speciality}</h3>
                <ScoreBandBadge size="sm" percent={percent} />
              </div>
              <p className="mt-2 flex items-baseline gap-2">
                <span className="text-3xl font-extrabold tabular-nums text-slate-900">{percent}%</span>
                <span className="text-sm text-slate-600">
                  {speciality.correctAnswers} de {speciality.totalSpecialityQuestionsAnswered} correctas
                </span>
              </p>
              <Bar percent={percent} barClass={classes.bar} trackClass={classes.track} />
              {details.get(speciality.speciality) && <AreaTrend detail={details.get(speciality.speciality)!} color={classes.stroke} />}
              {percentiles.get(speciality.speciality) && (
                <p className="mt-2 text-sm text-slate-700">
                  Percentil <span className="font-semibold">{percentiles.get(speciality.speciality)!.percentile}</span> entre{' '}
                  {percentiles.get(speciality.speciality)!.activeStudents} estudiantes activos
                </p>
              )}
              {speciality.subSpecialities.length > 0 && (
                <ul className="mt-4 space-y-3 border-t border-slate-100 pt-3">
                  {speciality.subSpecialities.map((sub) => {
                    const subPercent = accuracyPercent(sub.correctAnswers, sub.totalSubSpecialityQuestionsAnswered);
                    return (
                      <li key={sub.subSpeciality}>
                        <div className="flex items-baseline justify-between gap-3 text-sm">
                          <span className="text-slate-800">{sub.subSpeciality}</span>
                          <span className="shrink-0 tabular-nums text-slate-700">
                            {sub.correctAnswers}/{sub.totalSubSpecialityQuestionsAnswered} ·{' '}
                            <span className="font-semibold">{subPercent}%</span>
                          </span>
                        </div>
                        <Bar percent={subPercent} barClass={classes.bar} trackClass={classes.track} thin />
                        <SubDetails
                          detail={details
                            .get(speciality.speciality)
                            ?.subSpecialities.find((each) => each.subSpeciality === sub.subSpeciality)}
                        />
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Bar({ percent, barClass, trackClass, thin = false }: { percent: number; barClass: string; trackClass: string; thin?: boolean }) {
  return (
    <div aria-hidden="true" className={`mt-1.5 overflow-hidden rounded-full ${thin ? 'h-1.5' : 'h-2.5'} ${trackClass}`}>
      <div className={`h-full rounded-full ${barClass}`} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </div>
  );
}

/**
 * The area's last 30 days: daily accuracy as a small line (days with answers only), said in words for screen
 * readers, with the time per timed question.
 */
function AreaTrend({ detail, color }: { detail: AreaDetail; color: string }) {
  const points = detail.trend;
  const summary =
    points.length === 0
      ? 'Sin respuestas en los últimos 30 días.'
      : points.length === 1
        ? `Últimos 30 días: un día con respuestas, ${points[0]!.accuracy}% de aciertos.`
        : `Últimos 30 días: ${points.length} días con respuestas, de ${points[0]!.accuracy}% a ${points.at(-1)!.accuracy}% de aciertos.`;
  const width = 120;
  const height = 32;
  const x = (index: number) => (points.length === 1 ? width / 2 : (index / (points.length - 1)) * width);
  const y = (accuracy: number) => height - 2 - (accuracy / 100) * (height - 4);
  return (
    <div className="mt-3 flex items-center gap-3">
      {points.length > 0 && (
        <svg aria-hidden="true" viewBox={`-2 0 ${width + 4} ${height}`} className="h-8 w-28 shrink-0 overflow-visible">
          <line x1={0} x2={width} y1={y(50)} y2={y(50)} className="stroke-slate-200" strokeDasharray="3 3" />
          <polyline
            points={points.map((point, index) => `${x(index)},${y(point.accuracy)}`).join(' ')}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            className={color}
          />
          {points.length === 1 && (
            <circle cx={x(0)} cy={y(points[0]!.accuracy)} r={2.5} className={`${color} fill-white`} strokeWidth={2} />
          )}
        </svg>
      )}
      <p className="text-sm text-slate-700">
        {summary}
        {detail.secondsPerQuestion !== null && ` ${detail.secondsPerQuestion} s por pregunta con cronómetro.`}
      </p>
    </div>
  );
}

/** A sub-speciality's topics, weakest first, folded until asked for. */
function SubDetails({ detail }: { detail: AreaDetail['subSpecialities'][number] | undefined }) {
  if (!detail || detail.topics.length === 0) return null;
  return (
    <details className="group mt-1 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
        Temas ({detail.topics.length}){detail.secondsPerQuestion !== null && ` · ${detail.secondsPerQuestion} s por pregunta`}
      </summary>
      <ul className="space-y-1 pb-1 pl-3">
        {detail.topics.map((topic) => (
          <li key={topic.topic} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 text-slate-800">{topic.topic}</span>
            <span className="shrink-0 tabular-nums text-slate-700">
              {topic.correct}/{topic.answered} · <span className="font-semibold">{accuracyPercent(topic.correct, topic.answered)}%</span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
