/**
 * The login flow as a pure reducer (spec section 4, "Login"): e-mail, then code; the birth date and the phone
 * together are the alternative (ux N11), offered only to an account that can use them.
 *
 * email ──codeSent──▶ code ──cantFindCode (fallbackLogin)──▶ fallback
 *   ▲                  │ ◀──────────────back────────────────────┘
 *   └──correctEmail────┘   backToStart from fallback returns to email
 */

export type LoginStage = 'email' | 'code' | 'fallback';

export interface LoginState {
  stage: LoginStage;
  /** The address the code was sent to (or the prefill from ?email=). */
  email: string;
  /** A code was refused: the Resend button shows. */
  codeRejected: boolean;
  /** Resend was used for this code: the button reads 'Enviado!' and stays disabled. */
  codeResent: boolean;
  /**
   * The server says this address can enter with its birth date and phone (proved, confirmed in the profile, not
   * staff): only then is that way in offered, so it never leads to a refusal it cannot pass (ux N11).
   */
  fallbackLogin: boolean;
  /**
   * The server refused a new code for now (too many in a short time) and said until when: the code stage shows it,
   * with the birth-date and phone login right there where it works (issue 19).
   */
  codeLimit: string | null;
  /** Stage changes so far; after the first one the page moves focus to the new stage's title. */
  moves: number;
}

export type LoginEvent =
  | { type: 'codeSent'; email: string; fallbackLogin: boolean }
  | { type: 'codeLimited'; email: string; message: string; fallbackLogin: boolean }
  | { type: 'correctEmail' }
  | { type: 'codeRejected' }
  | { type: 'codeResent' }
  | { type: 'resendFailed' }
  | { type: 'cantFindCode' }
  | { type: 'back' }
  | { type: 'backToStart' };

export function initialLoginState(email = ''): LoginState {
  return { stage: 'email', email, codeRejected: false, codeResent: false, fallbackLogin: false, codeLimit: null, moves: 0 };
}

const PREVIOUS: Record<LoginStage, LoginStage> = { email: 'email', code: 'email', fallback: 'code' };

function moveTo(state: LoginState, stage: LoginStage): LoginState {
  return state.stage === stage ? state : { ...state, stage, moves: state.moves + 1 };
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'codeSent':
      return {
        ...moveTo(state, 'code'),
        email: event.email,
        codeRejected: false,
        codeResent: false,
        fallbackLogin: event.fallbackLogin,
        codeLimit: null,
      };
    case 'codeLimited':
      // The last code sent may still work; Resend stays off until the limit passes.
      return {
        ...moveTo(state, 'code'),
        email: event.email,
        codeRejected: false,
        codeResent: true,
        fallbackLogin: event.fallbackLogin,
        codeLimit: event.message,
      };
    case 'correctEmail':
      return moveTo(state, 'email');
    case 'codeRejected':
      return state.stage === 'code' ? { ...state, codeRejected: true } : state;
    case 'codeResent':
      return { ...state, codeResent: true };
    case 'resendFailed':
      return { ...state, codeResent: false };
    case 'cantFindCode':
      return state.stage === 'code' && state.fallbackLogin ? moveTo(state, 'fallback') : state;
    case 'back':
      return moveTo(state, PREVIOUS[state.stage]);
    case 'backToStart':
      return { ...moveTo(state, 'email'), codeRejected: false, codeResent: false, fallbackLogin: false, codeLimit: null };
  }
}
