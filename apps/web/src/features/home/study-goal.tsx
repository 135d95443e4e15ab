import { Link } from 'react-router';

/** The student's goal, once they said it (the first-run screen): which ENARM and which speciality. */
export function StudyGoal({ examYear, speciality }: { examYear: number | null; speciality: string | null }) {
  if (examYear === null && speciality === null) return null;
  const goal = [examYear !== null ? `ENARM ${examYear}` : null, speciality].filter(Boolean).join(' · ');
  return (
    <p className="text-slate-700">
      Tu meta: <strong className="font-semibold text-slate-900">{goal}</strong>{' '}
      <Link to="/app/profile" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        Cambiar
      </Link>
    </p>
  );
}
