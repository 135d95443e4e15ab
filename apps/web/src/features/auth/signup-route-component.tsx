import { useLocation, useParams } from 'react-router';
import { SignupPage } from './signup-page';

/**
 * /signup. The referring affiliate's short id comes as route state (`navigate('/signup', { state: {
 * affiliateId } })`) or, when this module is mounted at /a/:affiliateShortId, from the path.
 */
export function SignupRoute() {
  const location = useLocation();
  const { affiliateShortId } = useParams();
  const fromState: unknown = (location.state as { affiliateId?: unknown } | null)?.affiliateId;
  const affiliateId = typeof fromState === 'string' && fromState.trim() ? fromState.trim() : affiliateShortId;
  return <SignupPage affiliateId={affiliateId} />;
}
