import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StartReviewSessionBody } from '@galeno/domain/contracts/quiz';
import { toast } from '../../components/ui/toast';
import { startReviewSession } from './api';
import { useQuizFailure } from './use-quiz-failure';

/**
 * "Repasar incorrectas", "Repasar marcadas", "Repasar mis errores": the server opens a session over exactly those
 * questions and the page goes there; a refusal ("no tienes...") is said in a toast and the button comes back.
 */
export function useStartReview() {
  const navigate = useNavigate();
  const { expired, handleFailure } = useQuizFailure();
  const [starting, setStarting] = useState(false);
  async function start(body: StartReviewSessionBody) {
    setStarting(true);
    try {
      const session = await startReviewSession(body);
      navigate(`/app/repaso/${session.quizSessionId}`);
    } catch (error) {
      const failure = handleFailure(error);
      if (failure.kind === 'message') toast.error(failure.message);
      setStarting(false);
    }
  }
  return { starting, start, expired };
}
