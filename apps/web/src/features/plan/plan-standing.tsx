import type { PlanResponse } from '@galeno/domain/contracts/plan';
import { formatCount } from '@galeno/domain/format';
import { ExternalLink } from '../../components/ui/external-link';

/** «Dónde estás» (issue 40): the estimated score as a band with its width explained, beside the published figures. */
export function Standing({ response }: { response: PlanResponse }) {
  const { band, speciality, cutoffs } = response.standing;
  const mine = speciality ? cutoffs.filter((row) => row.speciality === speciality) : [];
  return (
    <section aria-labelledby="standing-heading" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="standing-heading" className="text-lg font-bold text-slate-900">
        Dónde estás
      </h2>
      {band.kind === 'too-few' ? (
        <p className="text-slate-700">
          Con {formatCount(band.answers)} {band.answers === 1 ? 'respuesta' : 'respuestas'} todavía no podemos estimar tu calificación:
          necesitamos al menos {band.needed}. Te faltan {formatCount(band.needed - band.answers)}.
        </p>
      ) : (
        <>
          <p className="text-xl font-bold text-slate-900">
            Tu calificación estimada: entre {band.low} y {band.high} de 100
          </p>
          <p className="text-sm text-slate-700">
            Sale de tus {formatCount(band.answers)} respuestas
            {band.fromSimulacros > 0 ? `, con ${band.fromSimulacros} ${band.fromSimulacros === 1 ? 'simulacro' : 'simulacros'}` : ''},
            pesadas como el examen reparte las preguntas fáciles, medias y difíciles. Es una banda y no un número porque no sabemos todo:
            con menos respuestas es más ancha, y aun con muchas, un solo examen de 280 preguntas tiene su margen.
          </p>
        </>
      )}
      {speciality && (
        <div>
          <h3 className="font-semibold text-slate-900">{speciality}</h3>
          {mine.length === 0 ? (
            <p className="text-sm text-slate-700">No tenemos cifras publicadas de esta especialidad.</p>
          ) : (
            <CutoffTable rows={mine} />
          )}
        </div>
      )}
      {cutoffs.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-800">Ver todas las especialidades con cifras publicadas</summary>
          <CutoffTable rows={cutoffs} showSpeciality />
        </details>
      )}
      <p className="text-xs text-slate-600">
        La CIFRHS publica cada año las plazas por especialidad y, algunos años, el puntaje del último seleccionado. No publica cuántos
        aspirantes hay por especialidad desde 2015 ni la distribución nacional de puntajes, así que no podemos decir tu probabilidad de
        quedar: solo dónde estás frente a esas cifras.
      </p>
    </section>
  );
}

function CutoffTable({ rows, showSpeciality = false }: { rows: PlanResponse['standing']['cutoffs']; showSpeciality?: boolean }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            {showSpeciality && (
              <th scope="col" className="py-1 pr-3">
                Especialidad
              </th>
            )}
            <th scope="col" className="py-1 pr-3">
              Año
            </th>
            <th scope="col" className="py-1 pr-3">
              Plazas
            </th>
            <th scope="col" className="py-1 pr-3">
              Último seleccionado
            </th>
            <th scope="col" className="py-1">
              Fuente
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.speciality}-${row.year}`} className="border-b border-slate-100 align-top">
              {showSpeciality && <td className="py-1 pr-3">{row.speciality}</td>}
              <td className="py-1 pr-3">{row.year}</td>
              <td className="py-1 pr-3">{row.places === null ? 'Sin dato' : formatCount(row.places)}</td>
              <td className="py-1 pr-3">{row.lastSelectedScore === null ? 'Sin dato' : row.lastSelectedScore}</td>
              <td className="py-1 text-slate-600">
                {row.url ? (
                  <ExternalLink href={row.url} className="underline underline-offset-2">
                    {row.source}
                  </ExternalLink>
                ) : (
                  row.source
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
