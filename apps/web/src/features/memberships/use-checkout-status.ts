import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { adoptSubscription } from '../../lib/profile';
import { useRequiredUser } from '../../lib/session';
import { fetchCheckoutStatus, type CheckoutStatus } from './api';
import { messageOf } from './route-loading';

/** Every 2 seconds for about 30: a card payment is confirmed in that time; OXXO and the like take longer. */
export const POLL_INTERVAL_MS = 2000;
export const MAX_WAIT_MS = 30_000;

const STATUS_FAILED = 'No pudimos revisar el estado de tu pago.';

export type CheckoutStatusState =
  | { kind: 'checking' }
  | { kind: 'paid'; checkout: CheckoutStatus }
  /** It bought something already used (opened twice): the server gave the money back. */
  | { kind: 'refunded'; checkout: CheckoutStatus }
  /** A checkout made stale by another payment; it can no longer be paid. */
  | { kind: 'expired' }
  /** A delayed method (an OXXO voucher) that was not paid in time: nothing was charged. */
  | { kind: 'failed' }
  /** An OXXO voucher issued, waiting for the store payment («Pago pendiente»). */
  | { kind: 'awaiting'; checkout: CheckoutStatus }
  /** Still pending when the wait ran out: a delayed method (OXXO) or a slow webhook. */
  | { kind: 'pending' }
  | { kind: 'error'; message: string };

export interface PollOptions {
  pollIntervalMs?: number;
  maxWaitMs?: number;
}

/**
 * Asks the server about the checkout session until it is paid, for at most `maxWaitMs`. Each answer also
 * fulfils the payment if the provider already says paid (the server's idempotent fulfilment), so this
 * page never depends on the webhook arriving first. A 4xx (an unknown or foreign session) stops at once;
 * a dropped connection or a 5xx is retried until the wait runs out.
 */
export function useCheckoutStatus(sessionId: string, { pollIntervalMs = POLL_INTERVAL_MS, maxWaitMs = MAX_WAIT_MS }: PollOptions = {}) {
  const [state, setState] = useState<CheckoutStatusState>({ kind: 'checking' });
  const [round, setRound] = useState(0);
  const user = useRequiredUser();
  // A trial has no profile to update (and cannot pay).
  const userId = user.isTrial ? null : user.id;

  useEffect(() => {
    const controller = new AbortController();
    const attempts = Math.max(1, Math.floor(maxWaitMs / pollIntervalMs) + 1);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastFailure: string | null = null;

    const poll = async (attempt: number) => {
      try {
        const checkout = await fetchCheckoutStatus(sessionId, controller.signal);
        if (controller.signal.aborted) return;
        if (checkout.status === 'refunded') {
          // The plan as the server left it: every open page shows that, not what it cached before the payment.
          if (userId) adoptSubscription(userId, checkout.subscriptionInfo);
          setState({ kind: 'refunded', checkout });
          return;
        }
        if (checkout.status === 'expired') {
          setState({ kind: 'expired' });
          return;
        }
        if (checkout.status === 'failed') {
          setState({ kind: 'failed' });
          return;
        }
        // A voucher is paid at the store, hours or a day later: no point in waiting on this page.
        if (checkout.status === 'awaiting_payment') {
          setState({ kind: 'awaiting', checkout });
          return;
        }
        if (checkout.status === 'paid') {
          // The new plan replaces the cached profile at once, in this tab and the others open (issue 35).
          if (userId) adoptSubscription(userId, checkout.subscriptionInfo);
          setState({ kind: 'paid', checkout });
          return;
        }
        lastFailure = null;
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setState({ kind: 'error', message: messageOf(error, STATUS_FAILED) });
          return;
        }
        lastFailure = messageOf(error, STATUS_FAILED);
      }
      if (attempt + 1 >= attempts) {
        setState(lastFailure ? { kind: 'error', message: lastFailure } : { kind: 'pending' });
        return;
      }
      timer = setTimeout(() => void poll(attempt + 1), pollIntervalMs);
    };

    void poll(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [sessionId, pollIntervalMs, maxWaitMs, round, userId]);

  const checkAgain = useCallback(() => {
    setState({ kind: 'checking' });
    setRound((current) => current + 1);
  }, []);

  return { state, checkAgain };
}
