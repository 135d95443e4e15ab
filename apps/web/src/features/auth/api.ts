import type { AuthUser, AuthUserResponse, SignupBodyInput } from '@galeno/domain/contracts/auth';
import { api } from '../../lib/api';
import { toast } from '../../components/ui/toast';

/** /api/staggered-auth calls of the login and signup pages. Failures throw ApiError with the server's Spanish message. */

/** A sign-in that ended the account's oldest session on another device says so (issue 20: two devices at once). */
function signedIn({ authUser, endedOtherSession }: AuthUserResponse): AuthUser {
  if (endedOtherSession) toast.info(ENDED_OTHER_SESSION);
  return authUser;
}

export const ENDED_OTHER_SESSION = 'Cerramos tu sesión en otro dispositivo: tu cuenta puede estar abierta en 2 a la vez.';

/**
 * POST request-otp: 404 USER_NOT_FOUND, 429 OTP_REQUEST_LIMIT, 502 EMAIL_SEND_FAILED. Says whether the address can
 * enter with its birth date and phone, so the page offers that only where it works (ux N11).
 */
export async function requestLoginCode(email: string): Promise<{ fallbackLogin: boolean }> {
  const { fallbackLogin } = await api.auth.requestOtp({ body: { email } });
  return { fallbackLogin };
}

/** POST login/otp: 400 OTP_WRONG / OTP_EXPIRED, 429 OTP_LOCKED. */
export async function loginWithCode(email: string, otpCode: string): Promise<AuthUser> {
  return signedIn(await api.auth.loginWithOtp({ body: { email, otpCode } }));
}

/** POST login/birthdate with the birth date ('YYYY-MM-DD') and the phone together: 401 BIRTHDATE_WRONG, 429 KNOWLEDGE_LOGIN_LOCKED. */
export async function loginWithBirthdateAndPhone(email: string, birthdate: string, phoneNumber: string): Promise<AuthUser> {
  return signedIn(await api.auth.loginWithBirthdate({ body: { email, birthdate, phoneNumber } }));
}

/** POST user/signup: creates the account (409 EMAIL_TAKEN) without signing in. */
export async function signup(body: SignupBodyInput): Promise<AuthUser> {
  const { authData } = await api.auth.signup({ body });
  return authData.authUser;
}

/** POST user/exists: whether an account already has this e-mail (signup checks it at step 1). */
export async function emailHasAccount(email: string): Promise<boolean> {
  const { exists } = await api.auth.userExists({ body: { email } });
  return exists;
}

/** POST user/exists: whether this address can enter with its birth date and phone (asked when no new code can be sent). */
export async function fallbackLoginOffered(email: string): Promise<boolean> {
  const { fallbackLogin } = await api.auth.userExists({ body: { email } });
  return fallbackLogin;
}
