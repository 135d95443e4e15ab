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

/** /app/repaso/:quizSessionId: the review session's questions, fixed by the server when it opened the session. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<SessionQuestions> {
  return loadSignedIn(request, (signal) => fetchSessionQuestions(params.quizSessionId ?? '', signal));
}

/** "Repasar incorrectas" / "Repasar marcadas": each question alone (under its case text), graded one by one. */
export function Component() {
  useDocumentTitle(REVIEW_SESSION_TITLE);
  const user = useRequiredUser();
  const session = useLoaderData() as SessionQuestions;
  const load = useCallback<LoadQuestion>(
    async (round) => {
      const item = session.items[Math.min(round, session.items.length - 1)]!;
      return { questions: [item.question], caseText: item.caseText };
    },
    [session],
  );
  if (session.items.length === 0) {
    return <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">Las preguntas de este repaso ya no están disponibles.</p>;
  }
  return (
    <SingleQuestionQuiz
      key={session.quizSessionId}
      userId={user.id}
      canFlag={!user.isTrial}
      review={{ sessionId: session.quizSessionId, load, total: session.items.length, title: REVIEW_SESSION_TITLE }}
    />
  );
}
