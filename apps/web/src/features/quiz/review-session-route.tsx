import { useCallback } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { SessionQuestions } from '@galeno/domain/contracts/quiz';
import { loadSignedIn } from '../../lib/api-failure';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchSessionQuestions } from './api';
import { SingleQuestionQuiz } from './single-question-quiz';
import type { LoadQuestion } from './use-single-question-quiz';

export const REVIEW_SESSION_TITLE = 'Repaso';
export const EXAM_SESSION_TITLE = 'Examen';

/** /app/repaso/:quizSessionId: the session's questions, fixed by the server when it opened the session. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<SessionQuestions> {
  return loadSignedIn(request, (signal) => fetchSessionQuestions(params.quizSessionId ?? '', signal));
}

/**
 * A session over a fixed list: "Repasar incorrectas", "Repasar marcadas", "Repasar mis errores" or a custom exam.
 * Each question alone (under its case text); reopened on any device, it starts at the first one not answered.
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
        mode: session.mode,
        secondsPerQuestion: session.secondsPerQuestion ?? null,
      }}
    />
  );
}
