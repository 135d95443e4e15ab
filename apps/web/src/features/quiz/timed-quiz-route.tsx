import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchRandomClinicCase } from './api';
import { ClinicCaseQuiz } from './clinic-case-quiz';

/** /app/timed-quiz, 'Cronómetro': random clinical cases with an HH:MM:SS clock per case. */
export function Component() {
  useDocumentTitle('Cronómetro');
  const user = useRequiredUser();
  return (
    <ClinicCaseQuiz
      canFlag={!user.isTrial}
      title="Cronómetro"
      subtitle="Casos clínicos con tiempo"
      loadCase={fetchRandomClinicCase}
      userId={user.id}
      kind="timed"
      timed
    />
  );
}
