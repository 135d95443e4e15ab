import { Outlet, redirect, useLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import type { Affiliate } from '@galeno/domain/contracts/affiliates';
import { ApiError } from '../../lib/api-client';
import { fetchAffiliate, recordLandingVisit } from './api';

/**
 * Route module for /a/{affiliateShortId} (spec: route table): an affiliate's referral link. Its child
 * route is the signup page, which reads the affiliate id from the same path parameter and sends it with
 * the signup, so the server attributes the new account to the affiliate.
 */

export interface ReferralData {
  /** The affiliate, or null when the lookup failed for a passing reason (network, rate limit). */
  affiliate: Affiliate | null;
}

export async function loader({ params, request }: LoaderFunctionArgs): Promise<ReferralData> {
  const shortId = params.affiliateShortId?.trim();
  if (!shortId) throw redirect('/signup');

  let affiliate: Affiliate;
  try {
    affiliate = await fetchAffiliate(shortId, request.signal);
  } catch (error) {
    // Unknown (404) or malformed (400): a stale or mistyped link becomes a plain signup.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw redirect('/signup');
    // Anything else is passing: the person can still sign up, and the server checks the id it receives.
    if (error instanceof ApiError) return { affiliate: null };
    throw error;
  }

  // The canonical id, so '/a/Dra-Paty' and '/a/dra-paty' count as the same link.
  recordLandingVisit(`/a/${affiliate.shortId}`);
  return { affiliate };
}

/** The loader records a visit: run it again only for another affiliate, never on a mere revalidation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.affiliateShortId !== nextParams.affiliateShortId;

export function Component() {
  const { affiliate } = useLoaderData<typeof loader>();
  return (
    <>
      {affiliate && <InvitedBy name={affiliate.name} />}
      <Outlet />
    </>
  );
}

function InvitedBy({ name }: { name: string }) {
  return (
    <p className="mb-4 flex items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5 shrink-0 text-brand-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 8h14v9H3zM1.5 5h17v3h-17zM10 5v12M10 5S8.5 1.5 6 2.5 7 5 10 5zM10 5s1.5-3.5 4-2.5S13 5 10 5z" />
      </svg>
      <span>
        Te invitó <strong className="font-semibold">{name}</strong>
      </span>
    </p>
  );
}
