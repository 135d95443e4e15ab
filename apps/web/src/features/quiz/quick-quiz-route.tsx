import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchRandomClinicCase } from './api';
import { BankChip, useBankSetting } from './bank-chip';
import { ClinicCaseQuiz } from './clinic-case-quiz';

/** /app/quick-quiz, 'Pruebas Rápidas': random clinical cases, one after another, in one quiz session. */
export function Component() {
  useDocumentTitle('Pruebas Rápidas');
  const user = useRequiredUser();
  const bank = useBankSetting({ enabled: !user.isTrial });
  return (
    <ClinicCaseQuiz
      canFlag={!user.isTrial}
      trial={user.isTrial}
      title="Pruebas Rápidas"
      loadCase={fetchRandomClinicCase}
      userId={user.id}
      kind="quick"
      bank={<BankChip setting={bank} />}
      toolbarLinks={
        <Link to="/app/quick-quiz/pregunta" className={buttonClassName('secondary', 'sm')}>
          Pregunta suelta
        </Link>
      }
    />
  );
}
