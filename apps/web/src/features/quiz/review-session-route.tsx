import { useCallback, useState } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { SessionQuestions } from '@galeno/domain/contracts/quiz';
import { buttonClassName } from '../../components/ui/button-styles';
import { loadSignedIn } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchSessionQuestions, saveQuickQuizEvaluation } from './api';
import { toQuizFailure, UNKNOWN_ERROR_MESSAGE } from './quiz-errors';
import { ExamSitting } from './exam-sitting';
import { SingleQuestionQuiz } from './single-question-quiz';
import type { LoadQuestion } from './use-single-question-quiz';

export const REVIEW_SESSION_TITLE = 'Repaso';
export const EXAM_SESSION_TITLE = 'Examen';

/** Where a finished session's results and review live. */
export const pastSessionPath = (quizSessionId: string) => `/app/sesion/${encodeURIComponent(quizSessionId)}`;

/**
 * /app/repaso/:quizSessionId: the session's questions, fixed by the server when it opened the session. A finished one
 * (reloaded, or a tab the phone discarded and brought back) opens its results and review instead (issue 35, N3).
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<SessionQuestions> {
  const session = await loadSignedIn(request, (signal) => fetchSessionQuestions(params.quizSessionId ?? '', signal));
  if (session.saved) throw redirect(pastSessionPath(session.quizSessionId));
  return session;
}

/**
 * A session over a fixed list: "Repasar incorrectas", "Repasar marcadas", "Repasar mis errores" or a custom exam.
 * Each question alone (under its case text); reopened on any device, it starts at the first one not answered, and
 * one with every question answered but never finished offers its results.
 */
export function Component() {
  const session = useLoaderData() as SessionQuestions;
  const title = session.kind === 'exam' ? EXAM_SESSION_TITLE : REVIEW_SESSION_TITLE;
  useDocumentTitle(title);
  const user = useRequiredUser();
  const answered = new Set(session.answeredIds);
  const firstOpen = session.items.findIndex((item) => !answered.has(item.question.id));
  const startAt = firstOpen === -1 ? 0 : firstOpen;
  const load = useCallback<LoadQuestion>(
    async (round) => {
      const item = session.items[Math.min(startAt + round, session.items.length - 1)]!;
      return { questions: [item.question], caseText: item.caseText };
    },
    [session, startAt],
  );
  if (session.items.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">Las preguntas de este repaso ya no están disponibles.</p>;
  }
  // «Examen» mode: the student moves freely and changes answers until «Terminar examen» (issue 35, N8).
  if (session.mode === 'examen') return <ExamSitting key={session.quizSessionId} session={session} userId={user.id} title={title} />;
  if (firstOpen === -1) return <AllAnswered title={title} userId={user.id} quizSessionId={session.quizSessionId} />;
  return (
    <SingleQuestionQuiz
      key={session.quizSessionId}
      userId={user.id}
      canFlag={!user.isTrial}
      review={{
        sessionId: session.quizSessionId,
        load,
        total: session.items.length,
        title,
        startAt,
        secondsPerQuestion: session.secondsPerQuestion ?? null,
      }}
    />
  );
}

/** Every question answered, the session never finished (the tab closed before «Ver resultados»): finish it here. */
function AllAnswered({ title, userId, quizSessionId }: { title: string; userId: string; quizSessionId: string }) {
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function finish() {
    setFinishing(true);
    setError(null);
    try {
      await saveQuickQuizEvaluation({ userId, quizSessionId });
      navigate(pastSessionPath(quizSessionId), { replace: true });
    } catch (failure) {
      setFinishing(false);
      const shown = toQuizFailure(failure);
      setError('message' in shown ? shown.message : UNKNOWN_ERROR_MESSAGE);
    }
  }
  return (
    <section aria-labelledby="all-answered-heading" className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm">
      <h1 id="all-answered-heading" className="text-2xl font-bold text-slate-900">
        {title}: respondiste todas las preguntas
      </h1>
      <p className="mt-2 text-slate-700">
        Tus respuestas están guardadas. Termina para ver tu calificación y el repaso con las explicaciones.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      )}
      <button type="button" onClick={() => void finish()} disabled={finishing} className={buttonClassName('primary', 'lg', 'mt-5 w-full')}>
        {finishing ? 'Calificando...' : 'Ver resultados'}
      </button>
    </section>
  );
}
