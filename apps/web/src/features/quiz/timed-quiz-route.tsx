import { useId, useState } from 'react';
import { ENARM_PACE_SECONDS, PACE_CHOICES } from '@galeno/domain/exams';
import { useDocumentTitle } from '../../lib/document-title';
import { useRequiredUser } from '../../lib/session';
import { fetchRandomClinicCase } from './api';
import { BankChip, useBankSetting } from './bank-chip';
import { ClinicCaseQuiz } from './clinic-case-quiz';

const PACE_STORAGE_KEY = 'timed-quiz-pace';

function storedPace(): number {
  try {
    const stored = Number(window.localStorage.getItem(PACE_STORAGE_KEY));
    return (PACE_CHOICES as readonly number[]).includes(stored) ? stored : ENARM_PACE_SECONDS;
  } catch {
    return ENARM_PACE_SECONDS;
  }
}

/**
 * /app/timed-quiz, 'Cronómetro': random clinical cases with an HH:MM:SS clock per case and, under it, the time left
 * at the chosen pace (the ENARM's, about 64 s a question, unless the student picks another), a polite warning with a
 * fifth of it left, and at zero the answers chosen graded as they stand. The header says how the session stands
 * against the pace; the time spent on each case is kept with its answers.
 */
export function Component() {
  useDocumentTitle('Cronómetro');
  const user = useRequiredUser();
  const bank = useBankSetting({ enabled: !user.isTrial });
  const [pace, setPace] = useState(storedPace);
  const paceId = useId();
  return (
    <ClinicCaseQuiz
      canFlag={!user.isTrial}
      trial={user.isTrial}
      title="Cronómetro"
      subtitle="Casos clínicos con tiempo"
      loadCase={fetchRandomClinicCase}
      userId={user.id}
      kind="timed"
      timed
      secondsPerQuestion={pace}
      bank={<BankChip setting={bank} />}
      toolbarLinks={
        <span className="inline-flex items-center gap-2 text-sm">
          <label htmlFor={paceId} className="font-medium text-slate-700">
            Ritmo
          </label>
          <select
            id={paceId}
            value={pace}
            onChange={(event) => {
              const next = Number(event.target.value);
              setPace(next);
              try {
                window.localStorage.setItem(PACE_STORAGE_KEY, String(next));
              } catch {
                // Private mode: the choice lasts for this visit.
              }
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
          >
            {PACE_CHOICES.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === ENARM_PACE_SECONDS ? `${seconds} s por pregunta (ENARM)` : `${seconds} s por pregunta`}
              </option>
            ))}
          </select>
        </span>
      }
    />
  );
}
