import { useState } from 'react';
import { useNavigate } from 'react-router';
import { discardQuizSession, saveQuickQuizEvaluation } from './api';
import type { UnsavedSession } from './quiz-toolbar';

/**
 * Whether the quiz session has graded answers that are not saved (any round, not only the one on
 * screen), and 'Guardar y salir' from the toolbar's exit confirmation: the server sums up the session
 * from the answers it recorded, so it can be saved whatever the page shows, and then the page goes home.
 * 'Salir sin guardar' tells the server to end it unsaved; a tab closed without either is saved by the server
 * once idle (LEFT_SESSION_IDLE_MS), so no answer is lost by accident.
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

  // Best effort: if the discard does not reach the server, the session is saved later as one left in a closed tab.
  async function discardAndExit() {
    if (saving) return;
    setSaving(true);
    try {
      await discardQuizSession(await openSession());
    } catch {
      // Leaving is what the student asked for; nothing to tell them.
    }
    navigate('/app');
  }

  const session: UnsavedSession | null =
    graded && !saved ? { saving, onSaveAndExit: () => void saveAndExit(), onDiscardAndExit: () => void discardAndExit() } : null;
  return { session, markGraded: () => setGraded(true) };
}
