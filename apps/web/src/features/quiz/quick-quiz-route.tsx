import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchRandomClinicCase } from './api';
import { ClinicCaseQuiz } from './clinic-case-quiz';

/** /app/quick-quiz, 'Pruebas Rápidas': random clinical cases, one after another, in one quiz session. */
export function Component() {
  useDocumentTitle('Pruebas Rápidas');
  const user = useRequiredUser();
  return (
    <ClinicCaseQuiz
      canFlag={!user.isTrial}
      trial={user.isTrial}
      title="Pruebas Rápidas"
      loadCase={fetchRandomClinicCase}
      userId={user.id}
      kind="quick"
      toolbarLinks={
        <Link to="/app/quick-quiz/pregunta" className={buttonClassName('secondary', 'sm')}>
          Pregunta suelta
        </Link>
      }
    />
  );
}
