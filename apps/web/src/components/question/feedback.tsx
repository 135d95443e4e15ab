import { useId, useState } from 'react';
import type { ClinicCase, Question, QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { explanationParts, MIR_COMMENT_LABEL, MIR_NOTICE_PATH, UPDATE_NOTE_LABEL } from '@galeno/domain/external-sources';
import { optionLetter } from '@galeno/domain/scores';
import { formatDate, formatMonth } from '@galeno/domain/format';
import { Link } from 'react-router';
import { UNCLASSIFIED_AREA, UNCLASSIFIED_SUB_SPECIALITY } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../ui/button-styles';
import { ExternalLink } from '../ui/external-link';
import { CheckIcon, CrossIcon } from '../ui/icons';

type Gpc = Question['gpc'];
type Source = Question['source'];

/** Correct, incorrect or unanswered, in words and not only in colour, naming the right letter when it was missed. */
export function Verdict({ evaluation }: { evaluation: QuestionEvaluation }) {
  if (evaluation.unanswered) {
    return (
      <p className="inline-flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-950">
        Sin responder: se acabó el tiempo. La correcta es la {optionLetter(evaluation.correctAnswer)}.
      </p>
    );
  }
  if (evaluation.correct) {
    return (
      <p className="inline-flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 font-semibold text-emerald-900">
        <CheckIcon className="size-5" />
        Respuesta correcta
      </p>
    );
  }
  return (
    <p className="inline-flex items-center gap-2 rounded-lg bg-rose-50 px-3 py-2 font-semibold text-rose-900">
      <CrossIcon className="size-5" />
      Respuesta incorrecta. La correcta es la {optionLetter(evaluation.correctAnswer)}.
    </p>
  );
}

/** What kind of reference an item rests on, read from its catalogue code: a NOM, a Mexican GPC, or another source. */
export function referenceLabel(code: string | null): string {
  if (code && /^NOM-/i.test(code)) return 'Norma Oficial Mexicana';
  if (code && /^(GPC-)?(IMSS|SS|SSA|ISSSTE|SEDENA|SEMAR|DIF|PEMEX|S)-\d/i.test(code)) return 'Guía de Práctica Clínica';
  return code ? 'Referencia' : 'Guía de Práctica Clínica o referencia';
}

/**
 * The explanation, with the guideline it rests on: its name, catalogue code and the year of the version followed.
 * A MIR item's commentary by CasiMedicos' doctors is shown as theirs, and our update note, where the facts moved
 * since the exam, stands apart after it. An English item's explanation has its Spanish version a tap away.
 */
export function FeedbackDetails({ evaluation, gpc }: { evaluation: QuestionEvaluation; gpc: Gpc }) {
  const [inSpanish, setInSpanish] = useState(false);
  const explanationId = useId();
  const spanish = evaluation.explanationEs?.trim() || null;
  const { comment, body, note } = explanationParts(inSpanish && spanish ? spanish : evaluation.feedback.trim());
  return (
    <div className="space-y-3">
      {spanish && (
        // The button names what it does next, so its label changes instead of carrying aria-pressed (a pressed
        // «Show in English» would read as English being shown); the text it swaps is announced in its own language.
        <button
          type="button"
          aria-controls={explanationId}
          onClick={() => setInSpanish(!inSpanish)}
          className={buttonClassName('secondary', 'sm')}
          {...(inSpanish ? { lang: 'en' } : {})}
        >
          {inSpanish ? 'Show in English' : 'Ver explicación en español'}
        </button>
      )}
      <div
        id={explanationId}
        className="leading-relaxed text-slate-800"
        {...(spanish ? { lang: inSpanish ? 'es-MX' : 'en', 'aria-live': 'polite' as const } : {})}
      >
        {comment && <p className="mb-1 text-sm font-semibold text-slate-600">{MIR_COMMENT_LABEL}</p>}
        <p className="whitespace-pre-line">{body.trim() || 'Esta pregunta aún no tiene explicación.'}</p>
      </div>
      {note && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-semibold">{UPDATE_NOTE_LABEL}:</span> {note}
        </p>
      )}
      {evaluation.lastChange && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          <span className="font-semibold">Corregida el {formatDate(new Date(evaluation.lastChange.at))}:</span>{' '}
          {evaluation.lastChange.reason}.{' '}
          <Link to="/novedades" className="underline underline-offset-2">
            Novedades del banco
          </Link>
        </p>
      )}
      {gpc && (
        // Tapping the line opens the registry entry the item follows (issue 39): its version and when it was checked.
        <details className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          <summary className="cursor-pointer">
            <span className="font-semibold">{referenceLabel(gpc.code)}:</span> {gpc.name} ({gpc.code ? `${gpc.code}, ` : ''}versión{' '}
            {gpc.year}){gpc.checkedAt && ` · verificada en ${formatMonth(gpc.checkedAt)}`}
          </summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold">Versión que sigue</dt>
            <dd>{gpc.year}</dd>
            {gpc.code && (
              <>
                <dt className="font-semibold">Código</dt>
                <dd>{gpc.code}</dd>
              </>
            )}
            <dt className="font-semibold">Verificada</dt>
            <dd>
              {gpc.checkedAt ? (
                <>
                  en {formatMonth(gpc.checkedAt)}
                  {gpc.checkedAgainst &&
                    (/^https?:\/\//.test(gpc.checkedAgainst) ? (
                      <>
                        {' '}
                        contra{' '}
                        <ExternalLink href={gpc.checkedAgainst} className="underline underline-offset-2">
                          el documento
                        </ExternalLink>
                      </>
                    ) : (
                      ` contra ${gpc.checkedAgainst}`
                    ))}
                </>
              ) : (
                'aún sin fecha de verificación en nuestro registro'
              )}
            </dd>
          </dl>
        </details>
      )}
    </div>
  );
}

/**
 * Imported items credit where they come from, in small print under the item: one short line, and for the MIR banks
 * a link to their licences and NOTICEs (opened beside the quiz, which stays where it is).
 */
export function SourceNote({ source }: { source: NonNullable<Source> }) {
  return (
    <p className="mt-3 text-xs leading-relaxed text-slate-500">
      Fuente:{' '}
      {source.url?.startsWith(MIR_NOTICE_PATH) ? (
        <>
          {source.citation} ·{' '}
          <ExternalLink href={source.url} className="underline underline-offset-2 hover:text-slate-700">
            Licencia y aviso
          </ExternalLink>
        </>
      ) : source.url ? (
        <ExternalLink href={source.url} className="underline underline-offset-2 hover:text-slate-700">
          {source.citation}
        </ExternalLink>
      ) : (
        source.citation
      )}
    </p>
  );
}

/** A question's guideline, or its case's when the question names none. */
export function gpcOf(question: Question, clinicCase?: ClinicCase): Gpc {
  return question.gpc ?? clinicCase?.gpc ?? null;
}

/**
 * The citation to print under a question: its own, or the case's. Under a case the case's citation is
 * already printed below the case text, so a question repeats only a citation that differs from it.
 */
export function questionSourceOf(question: Question, clinicCase?: ClinicCase): Source {
  if (!clinicCase) return question.source;
  if (!question.source || question.source.citation === clinicCase.source?.citation) return null;
  return question.source;
}

/** 'Medicina Interna · Cardiología', as a chip. */
export function SpecialityTag({ tags }: { tags: Question['tags'] }) {
  // «Sin clasificar» (a MIR item not placed yet) is the bank's bookkeeping, never a speciality a student reads (N20).
  const label = [tags.Especialidad, tags.SubEspecialidad]
    .filter((part) => part && part.trim() && part !== UNCLASSIFIED_AREA && part !== UNCLASSIFIED_SUB_SPECIALITY)
    .join(' · ');
  if (!label) return null;
  return <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">{label}</p>;
}
