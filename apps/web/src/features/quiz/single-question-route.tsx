import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { BankChip, useBankSetting } from './bank-chip';
import { SingleQuestionQuiz } from './single-question-quiz';

/** /app/quick-quiz/pregunta: single questions, graded one at a time. */
export function Component() {
  useDocumentTitle('Pregunta suelta');
  const user = useRequiredUser();
  const bank = useBankSetting({ enabled: !user.isTrial });
  return <SingleQuestionQuiz userId={user.id} canFlag={!user.isTrial} trial={user.isTrial} bank={<BankChip setting={bank} />} />;
}
