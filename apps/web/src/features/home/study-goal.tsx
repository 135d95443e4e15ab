import { useState } from 'react';
import { Link } from 'react-router';
import { weeksUntilEnarm } from '@galeno/domain/membership';

/**
 * The student's goal, once they said it (the first-run screen): which ENARM and which speciality, and about
 * how many weeks are left before that ENARM (issue 19; an estimate until the CIFRHS publishes the dates).
 */
export function StudyGoal({ examYear, speciality }: { examYear: number | null; speciality: string | null }) {
  const [openedAt] = useState(() => new Date());
  if (examYear === null && speciality === null) return null;
  const goal = [examYear !== null ? `ENARM ${examYear}` : null, speciality].filter(Boolean).join(' · ');
  const weeks = examYear !== null ? weeksUntilEnarm(examYear, openedAt) : null;
  return (
    <p className="text-slate-700">
      {weeks !== null && (
        <span className="block font-semibold text-brand-900">
          {weeks === 0
            ? `El ENARM ${examYear} está a menos de una semana`
            : `Faltan unas ${weeks} ${weeks === 1 ? 'semana' : 'semanas'} para el ENARM ${examYear}`}
        </span>
      )}
      Tu meta: <strong className="font-semibold text-slate-900">{goal}</strong>{' '}
      <Link to="/app/profile" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        Cambiar
      </Link>
    </p>
  );
}
