import type { SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import { accuracyPercent, categoryColor, type CategoryColor } from '@galeno/domain/scores';
import { ScoreBandBadge } from '../../components/ui/score-band-badge';

/** Whole class names, so Tailwind finds them in the source. */
const COLOR_CLASSES: Record<CategoryColor, { stripe: string; bar: string; track: string }> = {
  blue: { stripe: 'border-t-blue-600', bar: 'bg-blue-600', track: 'bg-blue-100' },
  green: { stripe: 'border-t-green-600', bar: 'bg-green-600', track: 'bg-green-100' },
  purple: { stripe: 'border-t-purple-600', bar: 'bg-purple-600', track: 'bg-purple-100' },
  yellow: { stripe: 'border-t-yellow-400', bar: 'bg-yellow-400', track: 'bg-yellow-100' },
  red: { stripe: 'border-t-red-600', bar: 'bg-red-600', track: 'bg-red-100' },
  orange: { stripe: 'border-t-orange-500', bar: 'bg-orange-500', track: 'bg-orange-100' },
};

/** One card per speciality, best accuracy first, taking the colours in turn; its sub-specialities below. */
export function SpecialityCards({
  specialities,
  percentiles = new Map(),
}: {
  specialities: readonly SpecialityEvaluation[];
  /** Where the student stands among active students, for the areas where they are ranked. */
  percentiles?: ReadonlyMap<string, { percentile: number; activeStudents: number }>;
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
