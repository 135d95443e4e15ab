import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QUIZ_TAXONOMY } from '@galeno/domain/taxonomy';
import { buttonClassName } from '../../components/ui/button-styles';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchClinicCaseBySpeciality } from './api';
import { ClinicCaseQuiz } from './clinic-case-quiz';
import { AREA_PARAM, resolveSpecialityChoice, specialitySearch, SUB_PARAM } from './speciality-choice';
import { SpecialityPicker } from './speciality-picker';

/**
 * /app/speciality-quiz, 'Especialidades'. Without a choice it asks for an area and a sub-speciality;
 * with `?area=<area>&sub=<sub-speciality>` (the statistics page's recommendations link here) it starts
 * the cases of that sub-speciality at once.
 */
export function Component() {
  useDocumentTitle('Especialidades');
  const user = useRequiredUser();
  const [params] = useSearchParams();
  const { area, sub } = resolveSpecialityChoice(QUIZ_TAXONOMY, params.get(AREA_PARAM), params.get(SUB_PARAM));

  if (!area || !sub) return <SpecialityPicker areas={QUIZ_TAXONOMY} area={area} />;
  // A new choice is a new quiz session.
  return <SpecialityCaseQuiz key={`${area.name}/${sub.name}`} area={area.name} sub={sub.name} userId={user.id} />;
}

function SpecialityCaseQuiz({ area, sub, userId }: { area: string; sub: string; userId: string }) {
  const loadCase = useCallback((signal: AbortSignal) => fetchClinicCaseBySpeciality({ speciality: area, subSpeciality: sub }, signal), [area, sub]);
  const chooseAnother = { search: specialitySearch(area) };
  return (
    <ClinicCaseQuiz
      title="Especialidades"
      subtitle={`${area} · ${sub}`}
      loadCase={loadCase}
      userId={userId}
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
