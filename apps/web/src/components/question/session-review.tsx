import type { ReviewItem } from '@galeno/domain/contracts/quiz';
import { formatQuestionTime } from '@galeno/domain/quiz-pace';
import { optionLetter } from '@galeno/domain/scores';
import { CheckIcon, CrossIcon } from '../ui/icons';
import { FeedbackDetails, gpcOf, SourceNote } from './feedback';

/**
 * A saved session, question by question: the student's answer beside the right one, and the explanation and the
 * item's source line behind a disclosure (closed, so a long session stays short on a phone). Missed questions first catch the eye by their mark.
 * A timed session gives each question's time; once 20 students answered a question, each option says how many chose it.
 */
export function SessionReviewList({ items }: { items: readonly ReviewItem[] }) {
  return (
    <ol className="space-y-3">
      {items.map((item, index) => (
        <li key={`${item.question.id}-${index}`}>
          <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm">
            <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3">
              <span
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full ${item.correct ? 'bg-emerald-100 text-emerald-900' : 'bg-rose-100 text-rose-900'}`}
              >
                {item.correct ? <CheckIcon className="size-5" /> : <CrossIcon className="size-5" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">
                  Pregunta {index + 1}: {item.selectedIndex === null ? 'sin responder' : item.correct ? 'correcta' : 'incorrecta'}
                  {item.timeMs != null && (
                    <span
                      data-testid="review-time"
                      className="ml-2 inline-block whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700"
                    >
                      <span className="sr-only">Tiempo: </span>
                      {formatQuestionTime(item.timeMs)}
                    </span>
                  )}
                  {item.flagged && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Marcada</span>}
                </span>
                <span className="mt-0.5 line-clamp-2 text-sm text-slate-600">{item.question.question}</span>
              </span>
            </summary>
            <div className="space-y-3 border-t border-slate-100 px-4 pb-4 pt-3">
              {item.caseText && <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{item.caseText}</p>}
              <p className="font-medium text-slate-900">{item.question.question}</p>
              <ul className="space-y-1 text-sm">
                {item.question.options.map((option, optionIndex) => {
                  const chosen = optionIndex === item.selectedIndex;
                  const right = optionIndex === item.correctAnswer;
                  const share = item.optionShares?.[optionIndex];
                  return (
                    <li
                      key={optionIndex}
                      className={`rounded-lg px-3 py-2 ${right ? 'bg-emerald-50 text-emerald-950' : chosen ? 'bg-rose-50 text-rose-950' : 'text-slate-700'}`}
                    >
                      <span className="font-semibold">{optionLetter(optionIndex)}.</span> {option.text}
                      {chosen && <span className="ml-2 font-semibold">(tu respuesta)</span>}
                      {right && <span className="ml-2 font-semibold">(respuesta correcta)</span>}
                      {share !== undefined && (
                        <span className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                          <span aria-hidden="true" className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-slate-200">
                            <span className="block h-full rounded-full bg-slate-500" style={{ width: `${share}%` }} />
                          </span>
                          <span>{share}% eligió esta opción</span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
              <FeedbackDetails
                evaluation={{
                  questionId: item.question.id,
                  correct: item.correct,
                  correctAnswer: item.correctAnswer,
                  feedback: item.feedback,
                  ...(item.explanationEs ? { explanationEs: item.explanationEs } : {}),
                  ...(item.lastChange ? { lastChange: item.lastChange } : {}),
                  tags: item.question.tags,
                }}
                gpc={gpcOf(item.question)}
              />
              {/* The source travels with every display of an item, CasiMedicos' CC BY commentary included. */}
              {item.question.source && <SourceNote source={item.question.source} />}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
