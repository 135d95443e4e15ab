import { useCallback, useMemo, useState } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { BankChoice as Choice } from '@galeno/domain/banks';
import type { BankState, SpecialityCaseCount } from '@galeno/domain/contracts/quiz';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../../components/ui/button-styles';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { useDocumentTitle } from '../../lib/document-title';
import { loginRedirectFor } from '../../lib/api-failure';
import { useRequiredUser } from '../../lib/session';
import { chooseBank, fetchBankState, fetchClinicCaseBySpeciality, fetchSpecialityCaseCounts } from './api';
import { BankChoice } from './bank-choice';
import { ClinicCaseQuiz } from './clinic-case-quiz';
import { toQuizFailure } from './quiz-errors';
import { AREA_PARAM, resolveSpecialityChoice, specialitySearch, SUB_PARAM, toCaseCounts, withCases } from './speciality-choice';
import { SpecialityPicker } from './speciality-picker';

export interface SpecialityQuizLoaderData {
  /** Null when they could not be read: the picker then offers the whole taxonomy. */
  caseCounts: SpecialityCaseCount[] | null;
  /** The student's bank and each bank's question count; null when it could not be read (the control is then hidden). */
  bank: BankState | null;
  /** Access has ended (403 MEMBERSHIP_EXPIRED): the expired-membership modal opens on entry. */
  expired: boolean;
}

/** Which sub-specialities have cases; asking is also how an expired membership shows up before any case. */
export async function loader({ request }: LoaderFunctionArgs): Promise<SpecialityQuizLoaderData> {
  try {
    const [caseCounts, bank] = await Promise.all([
      fetchSpecialityCaseCounts(request.signal),
      fetchBankState(request.signal).catch(() => null),
    ]);
    return { caseCounts, bank, expired: false };
  } catch (error) {
    const failure = toQuizFailure(error);
    if (failure.kind === 'signed-out') throw loginRedirectFor(request);
    if (failure.kind === 'expired') return { caseCounts: null, bank: null, expired: true };
    if (failure.kind === 'aborted' || request.signal.aborted) throw error;
    console.error('Failed to load the specialities with clinical cases', error);
    return { caseCounts: null, bank: null, expired: false };
  }
}

/** The counts do not change while the person chooses: a new ?area=&sub= does not ask again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/**
 * /app/speciality-quiz, 'Especialidades'. Without a choice it asks for an area and a sub-speciality,
 * offering only those with clinical cases; with `?area=<area>&sub=<sub-speciality>` (the statistics
 * page's recommendations link here) it starts the cases of that sub-speciality at once.
 */
/** The areas a student picks from: «Sin clasificar» (MIR items not yet placed) is not one (issue 35, N20). */
const STUDY_AREAS = QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA);

export function Component() {
  useDocumentTitle('Especialidades');
  const user = useRequiredUser();
  const loaded = useLoaderData() as SpecialityQuizLoaderData;
  const { expired } = loaded;
  const [caseCounts, setCaseCounts] = useState(loaded.caseCounts);
  const bank = useBankChoice(loaded.bank, setCaseCounts);
  const [params] = useSearchParams();
  const counts = useMemo(() => (caseCounts ? toCaseCounts(caseCounts) : null), [caseCounts]);
  const areas = useMemo(() => (counts ? withCases(STUDY_AREAS, counts) : STUDY_AREAS), [counts]);
  const { area, sub } = resolveSpecialityChoice(areas, params.get(AREA_PARAM), params.get(SUB_PARAM));

  if (expired || !area || !sub) {
    return (
      <>
        <SpecialityPicker
          areas={areas}
          area={area}
          counts={counts}
          bankChoice={
            !user.isTrial && bank.state ? (
              <BankChoice state={bank.state} pending={bank.pending} error={bank.error} onChange={bank.choose} />
            ) : null
          }
        />
        <MembershipExpiredModal open={expired} />
      </>
    );
  }
  // A new choice is a new quiz session.
  return (
    <SpecialityCaseQuiz
      key={`${area.name}/${sub.name}`}
      area={area.name}
      sub={sub.name}
      userId={user.id}
      canFlag={!user.isTrial}
      trial={user.isTrial}
    />
  );
}

/** The bank shown and changed here; a change is saved on the server, then the case counts follow it. */
function useBankChoice(initial: BankState | null, setCaseCounts: (counts: SpecialityCaseCount[]) => void) {
  const [state, setState] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = (choice: { bank: Choice; includeEnglish: boolean }) => {
    setPending(true);
    setError(null);
    chooseBank(choice)
      .then(async (next) => {
        setState(next);
        setCaseCounts(await fetchSpecialityCaseCounts());
      })
      .catch(() => setError('No se pudo cambiar el banco. Revisa tu conexión e intenta de nuevo.'))
      .finally(() => setPending(false));
  };
  return { state, pending, error, choose };
}

function SpecialityCaseQuiz({
  area,
  sub,
  userId,
  canFlag,
  trial,
}: {
  area: string;
  sub: string;
  userId: string;
  canFlag: boolean;
  trial: boolean;
}) {
  const loadCase = useCallback(
    (signal: AbortSignal, quizSessionId: string | undefined) =>
      fetchClinicCaseBySpeciality({ speciality: area, subSpeciality: sub, ...(quizSessionId ? { quizSessionId } : {}) }, signal),
    [area, sub],
  );
  const chooseAnother = { search: specialitySearch(area) };
  return (
    <ClinicCaseQuiz
      canFlag={canFlag}
      trial={trial}
      repeatScope={{ label: `de ${sub}`, speciality: area, subSpeciality: sub, chooseAnother }}
      title="Especialidades"
      subtitle={`${area} · ${sub}`}
      loadCase={loadCase}
      userId={userId}
      kind="speciality"
      toolbarLinks={
        <Link to={chooseAnother} className={buttonClassName('secondary', 'sm')}>
          Cambiar especialidad
        </Link>
      }
      loadFailureActions={
        <Link to={chooseAnother} className={buttonClassName('secondary')}>
          Elegir otra subespecialidad
        </Link>
      }
    />
  );
}
