import { useEffect, useState } from 'react';
import type { SameItemsStandingResponse } from '@galeno/domain/contracts/stats';
import { formatCount } from '@galeno/domain/format';
import { MIN_PEERS_PER_ITEM } from '@galeno/domain/peers';
import { api } from '../../lib/api';

/**
 * «En tus mismas preguntas» (issue 40): her percentile among the students who answered the same questions, with whom
 * and how many she is compared with, or why there is none yet. Loaded after the page, so the summary shows at once.
 */
export function SameItemsStanding() {
  const [standing, setStanding] = useState<SameItemsStandingResponse | null | 'failed'>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.stats.sameItems({ signal: controller.signal }).then(setStanding, () => {
      if (!controller.signal.aborted) setStanding('failed');
    });
    return () => controller.abort();
  }, []);
  if (standing === 'failed') return null;
  return (
    <section aria-labelledby="same-items-title" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="same-items-title" className="text-lg font-bold text-slate-900">
        En tus mismas preguntas
      </h2>
      {standing === null ? (
        <p className="mt-1 min-h-10 text-sm text-slate-600" aria-busy="true">
          Comparando con quienes respondieron tus preguntas...
        </p>
      ) : (
        <StandingText standing={standing} />
      )}
    </section>
  );
}

function StandingText({ standing }: { standing: SameItemsStandingResponse }) {
  if (standing.kind === 'percentile') {
    const { min, median, max } = standing.peersPerItem;
    return (
      <>
        <p className="mt-1 text-slate-900">
          Percentil <span className="text-2xl font-bold">{standing.percentile}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          En cada una de tus últimas {formatCount(standing.items)} preguntas te comparamos con los estudiantes de la app que
          respondieron esa misma pregunta (su primera respuesta): {median === min && median === max ? median : `una mediana de ${median}, de ${min} a ${max},`}{' '}
          por pregunta. Acertar una pregunta que casi todos fallan cuenta más que una que casi todos aciertan.
        </p>
      </>
    );
  }
  if (standing.kind === 'few-items') {
    const missing = standing.needed - standing.items;
    return (
      <p className="mt-1 text-sm text-slate-700">
        Aparecerá cuando respondas {formatCount(missing)} {missing === 1 ? 'pregunta' : 'preguntas'} más: te comparamos pregunta por
        pregunta con quienes respondieron las mismas.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate-700">
      Aún no: de tus {formatCount(standing.items)} preguntas, {formatCount(standing.comparable)}{' '}
      {standing.comparable === 1 ? 'tiene' : 'tienen'} al menos {MIN_PEERS_PER_ITEM} estudiantes más que la respondieron, y hacen falta{' '}
      {standing.needed} para compararte con justicia.
    </p>
  );
}
