import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { LockedAction } from '../../components/ui/access-offer';
import { buttonClassName } from '../../components/ui/button-styles';
import { api } from '../../lib/api';

type Recommendation = StatsSummary['recommendations'][number];

/**
 * The weakest sub-speciality that still has unseen questions, with a button that starts it (issue 19): the same
 * recommendation as the statistics page. Quiet when there is none yet or it cannot be read. Once access ended, the one
 * offer (N4).
 */
export function WeakestArea({ locked = false, subscription = null }: { locked?: boolean; subscription?: SubscriptionInfo | null }) {
  const [weakest, setWeakest] = useState<Recommendation | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.stats
      .summary({ query: {}, signal: controller.signal })
      .then((summary) => setWeakest(summary.recommendations?.find((item) => item.hasCases) ?? null))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!weakest) return null;
  const practice = `/app/speciality-quiz?${new URLSearchParams({ area: weakest.speciality, sub: weakest.subSpeciality }).toString()}`;
  return (
    <section
      aria-labelledby="weakest-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="weakest-title" className="font-bold text-slate-900">
          Refuerza {weakest.subSpeciality}
        </h2>
        <p className="text-sm text-slate-700">
          {weakest.preliminary ? 'Primera pista: ' : ''}
          {Math.round(weakest.accuracy)}% de aciertos en {weakest.answered} {weakest.answered === 1 ? 'pregunta' : 'preguntas'}.
        </p>
      </div>
      {locked ? (
        <LockedAction subscription={subscription} />
      ) : (
        <Link to={practice} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          Practicar {weakest.subSpeciality}
        </Link>
      )}
    </section>
  );
}
