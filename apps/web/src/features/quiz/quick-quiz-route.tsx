import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import type { ClinicCase } from '@galeno/domain/contracts/quiz';
import { fetchRandomClinicCase } from './api';
import { BankChip, useBankSetting } from './bank-chip';
import { ClinicCaseQuiz } from './clinic-case-quiz';

/**
 * The first case, drawn on arrival (a read: nothing is recorded until she answers), so the page opens on it, and a
 * student's page drawn on the server shows it before the app runs (decision 032). Any failure leaves the first draw to
 * the quiz itself, which says why (no cases, access ended, no signal) as it always has.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ firstCase: ClinicCase | null }> {
  try {
    return { firstCase: await fetchRandomClinicCase(request.signal, undefined) };
  } catch {
    return { firstCase: null };
  }
}

/** /app/quick-quiz, 'Pruebas Rápidas': random clinical cases, one after another, in one quiz session. */
export function Component() {
  useDocumentTitle('Pruebas Rápidas');
  const { firstCase } = useLoaderData<typeof loader>();
  const user = useRequiredUser();
  const bank = useBankSetting({ enabled: !user.isTrial });
  return (
    <ClinicCaseQuiz
      canFlag={!user.isTrial}
      trial={user.isTrial}
      title="Pruebas Rápidas"
      loadCase={fetchRandomClinicCase}
      firstCase={firstCase}
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
