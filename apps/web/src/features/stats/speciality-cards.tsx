import type { SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import type { AccuracyPoint, AreaDetail } from '@galeno/domain/contracts/stats';
import { accuracyPercent } from '@galeno/domain/scores';
import { MIN_ANSWERS_FOR_PERCENTILE, MIN_PEERS_FOR_PERCENTILE } from '@galeno/domain/peers';
import { SCORE_TONE_LABELS, SCORE_TONE_RANGES, SCORE_TONES, scoreTone, type ScoreTone } from '@galeno/domain/score-tone';
import { correctOf, plural, trendSummary } from './stats-view';

/** Whole class names, so Tailwind finds them in the source. The colour follows the score (scoreTone), never the card's place. */
export const TONE_CLASSES: Record<ScoreTone, { stripe: string; bar: string; track: string; stroke: string; badge: string }> = {
  weak: { stripe: 'border-t-red-600', bar: 'bg-red-600', track: 'bg-red-100', stroke: 'stroke-red-600', badge: 'bg-red-100 text-red-900' },
  fair: {
    stripe: 'border-t-amber-500',
    bar: 'bg-amber-500',
    track: 'bg-amber-100',
    stroke: 'stroke-amber-600',
    badge: 'bg-amber-100 text-amber-900',
  },
  strong: {
    stripe: 'border-t-emerald-600',
    bar: 'bg-emerald-600',
    track: 'bg-emerald-100',
    stroke: 'stroke-emerald-600',
    badge: 'bg-emerald-100 text-emerald-900',
  },
};

/**
 * One card per area, best accuracy first; its sub-specialities below, each with its trend and topics folded. Every
 * bar and line takes the colour of its own score, and the percent and the tone's word are always written beside it.
 */
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
      <ToneLegend />
      <ul className="mt-3 grid gap-4 md:grid-cols-2" data-testid="speciality-cards">
        {specialities.map((speciality) => {
          const percent = accuracyPercent(speciality.correctAnswers, speciality.totalSpecialityQuestionsAnswered);
          const tone = scoreTone(percent);
          const detail = details.get(speciality.speciality);
          const percentile = percentiles.get(speciality.speciality);
          return (
            <li
              key={speciality.speciality}
              data-tone={tone}
              className={`min-w-0 rounded-2xl border border-t-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${TONE_CLASSES[tone].stripe}`}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="min-w-0 font-bold text-slate-900">{speciality.speciality}</h3>
                <ToneBadge tone={tone} />
              </div>
              <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
                <span className="text-3xl font-extrabold tabular-nums text-slate-900">{percent}%</span>
                <span className="text-sm text-slate-600">
                  {correctOf(speciality.correctAnswers, speciality.totalSpecialityQuestionsAnswered)}
                </span>
              </p>
              <Bar percent={percent} tone={tone} />
              {detail && (
                <div className="mt-3 flex items-center gap-3">
                  <Sparkline points={detail.trend} tone={tone} />
                  <p className="text-sm text-slate-700">
                    {trendSummary(detail.trend)}
                    {detail.secondsPerQuestion !== null && ` ${detail.secondsPerQuestion} s por pregunta con cronómetro.`}
                  </p>
                </div>
              )}
              {percentile ? (
                <p className="mt-2 text-sm text-slate-700">
                  Percentil <span className="font-semibold">{percentile.percentile}</span> entre {percentile.activeStudents} estudiantes
                  activos
                </p>
              ) : (
                <p className="mt-2 text-sm text-slate-600">{percentileWhen(speciality.totalSpecialityQuestionsAnswered)}</p>
              )}
              {speciality.subSpecialities.length > 0 && (
                // Folded by default (issue 35, N20): a dozen areas with their sub-specialities ran to nine phone screens.
                <details className="mt-3 border-t border-slate-100 pt-1">
                  <summary className="flex min-h-11 cursor-pointer items-center gap-1 font-semibold text-brand-800">
                    Ver {plural(speciality.subSpecialities.length, 'subespecialidad', 'subespecialidades')}
                  </summary>
                  <ul className="mt-1 space-y-3">
                    {speciality.subSpecialities.map((sub) => {
                      const subPercent = accuracyPercent(sub.correctAnswers, sub.totalSubSpecialityQuestionsAnswered);
                      const subTone = scoreTone(subPercent);
                      return (
                        <li key={sub.subSpeciality} data-tone={subTone}>
                          <div className="flex items-baseline justify-between gap-3 text-sm">
                            <span className="min-w-0 text-slate-800">{sub.subSpeciality}</span>
                            <span className="shrink-0 tabular-nums text-slate-700">
                              {sub.correctAnswers}/{sub.totalSubSpecialityQuestionsAnswered} ·{' '}
                              <span className="font-semibold">{subPercent}%</span>
                              <span className="sr-only"> ({SCORE_TONE_LABELS[subTone].toLowerCase()})</span>
                            </span>
                          </div>
                          <Bar percent={subPercent} tone={subTone} thin />
                          <SubDetails
                            detail={detail?.subSpecialities.find((each) => each.subSpeciality === sub.subSpeciality)}
                            tone={subTone}
                          />
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Why an area has no percentile yet, and when it will (issue 35, N14): the student is ranked from
 * MIN_ANSWERS_FOR_PERCENTILE answers in the area on, among at least MIN_PEERS_FOR_PERCENTILE students who are too.
 */
export function percentileWhen(answered: number): string {
  const missing = MIN_ANSWERS_FOR_PERCENTILE - answered;
  if (missing > 0) return `Tu percentil aparecerá cuando respondas ${plural(missing, 'pregunta', 'preguntas')} más de esta área.`;
  return `Tu percentil aparecerá cuando al menos ${MIN_PEERS_FOR_PERCENTILE} estudiantes hayan respondido ${MIN_ANSWERS_FOR_PERCENTILE} preguntas o más de esta área.`;
}

/** What the colours and words mean, once above the cards. */
function ToneLegend() {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
      {SCORE_TONES.map((tone) => (
        <span key={tone} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={`size-3 rounded-sm ${TONE_CLASSES[tone].bar}`} />
          <span>
            <span className="font-semibold text-slate-800">{SCORE_TONE_LABELS[tone]}</span>: {SCORE_TONE_RANGES[tone].toLowerCase()}
          </span>
        </span>
      ))}
    </p>
  );
}

/** The tone in a word, in the tone's colour: 'Débil', 'Regular' or 'Fuerte'. */
export function ToneBadge({ tone, className = '' }: { tone: ScoreTone; className?: string }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[tone].badge} ${className}`}
    >
      {SCORE_TONE_LABELS[tone]}
    </span>
  );
}

/** The percent as a bar; the number is always written beside it, so the bar itself is hidden from assistive technology. */
function Bar({ percent, tone, thin = false }: { percent: number; tone: ScoreTone; thin?: boolean }) {
  return (
    <div aria-hidden="true" className={`mt-1.5 overflow-hidden rounded-full ${thin ? 'h-1.5' : 'h-2.5'} ${TONE_CLASSES[tone].track}`}>
      <div className={`h-full rounded-full ${TONE_CLASSES[tone].bar}`} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </div>
  );
}

/**
 * Daily accuracy over the last 30 days as a small line (days with answers only; a single day is no line, its sentence
 * says it), the dashed line at 50%. Hidden from assistive technology: trendSummary says the same beside it.
 */
function Sparkline({ points, tone }: { points: readonly AccuracyPoint[]; tone: ScoreTone }) {
  if (points.length < 2) return null;
  const width = 120;
  const height = 32;
  const x = (index: number) => (index / (points.length - 1)) * width;
  const y = (accuracy: number) => height - 2 - (accuracy / 100) * (height - 4);
  const stroke = TONE_CLASSES[tone].stroke;
  return (
    <svg aria-hidden="true" viewBox={`-2 0 ${width + 4} ${height}`} className="h-8 w-24 shrink-0 overflow-visible sm:w-28">
      <line x1={0} x2={width} y1={y(50)} y2={y(50)} className="stroke-slate-200" strokeDasharray="3 3" />
      <polyline
        points={points.map((point, index) => `${x(index)},${y(point.accuracy)}`).join(' ')}
        fill="none"
        strokeWidth={2}
        strokeLinejoin="round"
        className={stroke}
      />
    </svg>
  );
}

/** A sub-speciality's 30-day trend and its topics (weakest first, with their time per question), folded until asked for. */
function SubDetails({ detail, tone }: { detail: AreaDetail['subSpecialities'][number] | undefined; tone: ScoreTone }) {
  if (!detail) return null;
  return (
    <details className="mt-1 text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
        Tendencia y {plural(detail.topics.length, 'tema', 'temas')}
        {detail.secondsPerQuestion !== null && ` · ${detail.secondsPerQuestion} s por pregunta`}
      </summary>
      <div className="space-y-2 pb-1 pl-3">
        <div className="flex items-center gap-3">
          <Sparkline points={detail.trend} tone={tone} />
          <p className="text-slate-700">{trendSummary(detail.trend)}</p>
        </div>
        {detail.topics.length > 0 && (
          <ul aria-label={`Temas de ${detail.subSpeciality}`} className="divide-y divide-slate-100">
            {detail.topics.map((topic) => {
              const percent = accuracyPercent(topic.correct, topic.answered);
              return (
                <li key={topic.topic} data-tone={scoreTone(percent)} className="py-1.5">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 text-slate-800">{topic.topic}</span>
                    <span className="shrink-0 font-semibold tabular-nums text-slate-900">{percent}%</span>
                  </div>
                  <p className="text-xs text-slate-600">
                    {correctOf(topic.correct, topic.answered)}
                    {topic.secondsPerQuestion !== null && ` · ${topic.secondsPerQuestion} s por pregunta`}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </details>
  );
}
