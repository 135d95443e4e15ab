import { useEffect, useState } from 'react';
import type { SessionReview } from '@galeno/domain/contracts/quiz';
import { SessionReviewList } from '../../components/question/session-review';
import { buttonClassName } from '../../components/ui/button-styles';
import { fetchSessionReview } from './api';
import { QuizLoadError, QuizLoading } from './quiz-status';
import { useStartReview } from './use-start-review';

export const REVIEW_LOAD_FAILED = 'No pudimos cargar el repaso de la sesión.';

/** "Repasar incorrectas": the server opens a session with exactly the missed questions, and the page goes there. */
export function RetryMissedButton({ quizSessionId, missed }: { quizSessionId: string; missed: number }) {
  const review = useStartReview();
  if (missed === 0) return null;
  const start = () => review.start({ source: 'incorrectas', quizSessionId });
  const starting = review.starting;
  return (
    <button type="button" onClick={() => void start()} disabled={starting} className={buttonClassName('primary', 'lg', 'w-full sm:w-auto')}>
      {starting ? 'Preparando...' : `Repasar incorrectas (${missed})`}
    </button>
  );
}

/** The review under a session's results: each question with the student's answer, the key and the explanation. */
export function SessionReviewPanel({ quizSessionId }: { quizSessionId: string }) {
  const [review, setReview] = useState<SessionReview | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchSessionReview(quizSessionId, controller.signal).then(setReview, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [quizSessionId, attempt]);

  return (
    <section aria-labelledby="session-review-heading" className="mt-8">
      <h2 id="session-review-heading" className="text-lg font-bold text-slate-900">
        Repaso de la sesión
      </h2>
      {review ? (
        <>
          {/* The next step first (review finding 15): practising what was missed, above the list it comes from. */}
          <div className="mt-3">
            <RetryMissedButton quizSessionId={quizSessionId} missed={review.items.filter((item) => !item.correct).length} />
          </div>
          <p className="mt-3 text-sm text-slate-600">Abre cada pregunta para ver tu respuesta, la correcta y la explicación.</p>
          <div className="mt-3">
            <SessionReviewList items={review.items} />
          </div>
        </>
      ) : failed ? (
        <QuizLoadError
          message={REVIEW_LOAD_FAILED}
          onRetry={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        />
      ) : (
        <QuizLoading label="Cargando el repaso" />
      )}
    </section>
  );
}
