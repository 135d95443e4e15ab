import { useCallback, useEffect, useState } from 'react';
import type { MembershipMode, PaymentMethod, PlanId } from '@galeno/domain/plans';
import { toast } from '../../components/ui/toast';
import { useRequiredUser } from '../../lib/session';
import { createCheckoutSession } from './api';
import { messageOf } from './route-loading';
import { CHECKOUT_FAILED } from './texts';

/** Leaves the app for the payment page. An object, so tests can watch the redirect that jsdom cannot follow. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export interface CheckoutChoice {
  planId: PlanId;
  mode: MembershipMode;
  /** The discount percentage shown, sent as the spec's hint; the server charges its own. */
  discount?: number;
  paymentMethod?: PaymentMethod;
}

/**
 * Creates the checkout session for the signed-in student and sends the browser to it. While the
 * provider's page loads the button stays busy; a failure shows the server's message (or ours) in a toast.
 */
export function useCheckout() {
  const user = useRequiredUser();
  const [redirecting, setRedirecting] = useState(false);

  // Coming back with the browser's back button can restore this page from the back-forward cache,
  // still busy: let the person choose again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const startCheckout = useCallback(
    async ({ planId, mode, discount, paymentMethod }: CheckoutChoice) => {
      setRedirecting(true);
      try {
        const sessionUrl = await createCheckoutSession({ studentId: user.id, planId, mode, discount, paymentMethod });
        browser.assign(sessionUrl);
      } catch (error) {
        setRedirecting(false);
        toast.error(messageOf(error, CHECKOUT_FAILED));
      }
    },
    [user.id],
  );

  return { startCheckout, redirecting };
}
