import type { PaletteEntry } from '@galeno/domain/simulacro-sitting';

/**
 * The question map: every question of the part as a numbered button (answered, flagged, the one on screen), so the
 * student moves freely and goes back to what they left or flagged. A case's later question stays closed (dashed)
 * until the one before it has an answer, as in the exam.
 */
export function QuestionPalette({ id, entries, onGo }: { id: string; entries: PaletteEntry[]; onGo: (index: number) => void }) {
  const answered = entries.filter((entry) => entry.answered).length;
  const flagged = entries.filter((entry) => entry.flagged).length;
  return (
    <section id={id} aria-label="Mapa de preguntas" className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <ul aria-label="Leyenda" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded bg-brand-700" /> Respondidas: {answered}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded border-2 border-slate-400 bg-white" /> Sin responder:{' '}
          {entries.length - answered}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded bg-amber-400" /> Marcadas: {flagged}
        </li>
      </ul>
      <ol className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1.5">
        {entries.map((entry) => (
          <li key={entry.questionId}>
            <button
              type="button"
              onClick={() => onGo(entry.index)}
              disabled={entry.locked}
              aria-current={entry.current ? 'step' : undefined}
              aria-label={`Pregunta ${entry.number}: ${entry.answered ? 'respondida' : entry.locked ? 'se abre al responder la anterior del caso' : 'sin responder'}${entry.flagged ? ', marcada' : ''}`}
              className={`relative grid h-11 w-full place-items-center rounded-lg text-sm font-semibold tabular-nums ${
                entry.answered
                  ? 'bg-brand-700 text-white hover:bg-brand-800'
                  : entry.locked
                    ? 'cursor-not-allowed border-2 border-dashed border-slate-300 bg-slate-50 text-slate-500'
                    : 'border-2 border-slate-300 bg-white text-slate-800 hover:border-brand-500'
              } ${entry.current ? 'ring-2 ring-slate-900 ring-offset-2' : ''}`}
            >
              {entry.number}
              {entry.flagged && (
                <span aria-hidden="true" className="absolute top-0.5 right-0.5 size-2.5 rounded-full bg-amber-400 ring-1 ring-white" />
              )}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
