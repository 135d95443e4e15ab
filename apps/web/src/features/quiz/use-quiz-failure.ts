import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../lib/redirect-to';
import { toQuizFailure, type QuizFailure } from './quiz-errors';

/**
 * One place that turns a failed quiz call into what the spec asks for: 401 goes to login (and back),
 * MEMBERSHIP_EXPIRED opens the expired-membership modal, anything else is returned for the page to show.
 */
export function useQuizFailure() {
  const navigate = useNavigate();
  const location = useLocation();
  const [expired, setExpired] = useState(false);

  const handleFailure = useCallback(
    (error: unknown): QuizFailure => {
      const failure = toQuizFailure(error);
      if (failure.kind === 'signed-out') navigate(loginPathFor(location.pathname + location.search), { replace: true });
      if (failure.kind === 'expired') setExpired(true);
      return failure;
    },
    [navigate, location],
  );

  return { expired, handleFailure };
}
