import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveQuickQuizEvaluation } from './api';
import type { UnsavedSession } from './quiz-toolbar';

/**
 * Whether the quiz session has graded answers that are not saved (any round, not only the one on
 * screen), and 'Guardar y salir' from the toolbar's exit confirmation: the server sums up the session
 * from the answers it recorded, so it can be saved whatever the page shows, and then the page goes home.
 */
export function useUnsavedSession({
  userId,
  openSession,
  saved,
  onFailure,
}: {
  userId: string;
  openSession: () => Promise<string>;
  saved: boolean;
  onFailure: (error: unknown) => void;
}) {
  const navigate = useNavigate();
  const [graded, setGraded] = useState(false);
  const [saving, setSaving] = useState(false);

  async function saveAndExit() {
    if (saving) return;
    setSaving(true);
    try {
      await saveQuickQuizEvaluation({ userId, quizSessionId: await openSession() });
      navigate('/app');
    } catch (error) {
      setSaving(false);
      onFailure(error);
    }
  }

  const session: UnsavedSession | null = graded && !saved ? { saving, onSaveAndExit: () => void saveAndExit() } : null;
  return { session, markGraded: () => setGraded(true) };
}
