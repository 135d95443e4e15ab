/**
 * What another screen already knows about a student who is about to sign up (a public discount claim):
 * carried in the router's history state, never in the address, so a name, e-mail and birth date stay out
 * of logs and referrers, and survive a reload of the signup page.
 */
export interface SignupPrefill {
  email: string;
  name: string;
  /** yyyy-mm-dd, as the date input gives it. */
  dateOfBirth: string;
  /** The discount the server drew for this e-mail, shown on the form; the server attaches it at signup. */
  discountPercent: number | null;
}

export function signupPrefillState(prefill: SignupPrefill): { signupPrefill: SignupPrefill } {
  return { signupPrefill: prefill };
}

/** The prefill in a location's state, if a screen left a well-formed one there. */
export function readSignupPrefill(state: unknown): SignupPrefill | null {
  if (!state || typeof state !== 'object' || !('signupPrefill' in state)) return null;
  const value = (state as { signupPrefill: unknown }).signupPrefill;
  if (!value || typeof value !== 'object') return null;
  const { email, name, dateOfBirth, discountPercent } = value as Record<string, unknown>;
  if (typeof email !== 'string' || typeof name !== 'string' || typeof dateOfBirth !== 'string') return null;
  return {
    email,
    name,
    dateOfBirth: /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) ? dateOfBirth : '',
    discountPercent: typeof discountPercent === 'number' && Number.isFinite(discountPercent) ? discountPercent : null,
  };
}
