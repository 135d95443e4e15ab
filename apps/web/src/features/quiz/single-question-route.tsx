import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { SingleQuestionQuiz } from './single-question-quiz';

/** /app/quick-quiz/pregunta: single questions, graded one at a time. */
export function Component() {
  useDocumentTitle('Pregunta suelta');
  const user = useRequiredUser();
  return <SingleQuestionQuiz userId={user.id} canFlag={!user.isTrial} trial={user.isTrial} />;
}
