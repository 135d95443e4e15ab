import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { BankState, SpecialityCaseCount } from '@galeno/domain/contracts/quiz';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../../components/ui/button-styles';
import { MembershipExpiredModal } from '../../components/ui/membership-expired-modal';
import { useDocumentTitle } from '../../lib/document-title';
import { loginRedirectFor } from '../../lib/api-failure';
import { useRequiredUser } from '../../lib/session';
import { fetchBankState, fetchClinicCaseBySpeciality, fetchSpecialityCaseCounts } from './api';
import { BankChip, useBankSetting } from './bank-chip';
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
  // The setting as the picker and the quiz share it: a change recounts the cases (of the new bank).
  const bank = useBankSetting({
    enabled: !user.isTrial,
    initial: loaded.bank,
    onChosen: () => {
      fetchSpecialityCaseCounts().then(setCaseCounts, () => undefined);
    },
  });
  // Nothing to show for a trial or a setting not read: the picker then keeps no empty row for it.
  const chip = bank.state ? <BankChip setting={bank} /> : undefined;
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
          bank={chip}
          bankChoice={user.isTrial ? 'galeno' : (bank.state?.bank ?? null)}
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
      bank={chip}
    />
  );
}

function SpecialityCaseQuiz({
  area,
  sub,
  userId,
  canFlag,
  trial,
  bank,
}: {
  area: string;
  sub: string;
  userId: string;
  canFlag: boolean;
  trial: boolean;
  bank: ReactNode | undefined;
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
      bank={bank}
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
