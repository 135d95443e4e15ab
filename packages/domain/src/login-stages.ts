/**
 * The login flow as a pure reducer (spec section 4, "Login"): e-mail, then code; birth date and phone
 * are the alternatives. The page only renders the current state.
 *
 * email ──codeSent──▶ code ──cantFindCode──▶ birthdate ──(failed) usePhone──▶ phone
 *   ▲                  │ ◀────────back──────────┘ ◀──────────back──────────────┘
 *   └──correctEmail────┘   backToStart from birthdate or phone returns to email
 */

export type LoginStage = 'email' | 'code' | 'birthdate' | 'phone';

export interface LoginState {
  stage: LoginStage;
  /** The address the code was sent to (or the prefill from ?email=). */
  email: string;
  /** A code was refused: the Resend button shows. */
  codeRejected: boolean;
  /** Resend was used for this code: the button reads 'Enviado!' and stays disabled. */
  codeResent: boolean;
  /** A birth date was refused: phone login is offered. */
  birthdateRejected: boolean;
  /**
   * The server refused a new code for now (too many in a short time) and said until when: the code stage shows it,
   * with the birth-date and phone logins right there, so the login never dead-ends (issue 19).
   */
  codeLimit: string | null;
  /** Stage changes so far; after the first one the page moves focus to the new stage's title. */
  moves: number;
}

export type LoginEvent =
  | { type: 'codeSent'; email: string }
  | { type: 'codeLimited'; email: string; message: string }
  | { type: 'correctEmail' }
  | { type: 'codeRejected' }
  | { type: 'codeResent' }
  | { type: 'resendFailed' }
  | { type: 'cantFindCode' }
  | { type: 'birthdateRejected' }
  | { type: 'usePhone' }
  | { type: 'back' }
  | { type: 'backToStart' };

export function initialLoginState(email = ''): LoginState {
  return { stage: 'email', email, codeRejected: false, codeResent: false, birthdateRejected: false, codeLimit: null, moves: 0 };
}

const PREVIOUS: Record<LoginStage, LoginStage> = { email: 'email', code: 'email', birthdate: 'code', phone: 'birthdate' };

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
        birthdateRejected: false,
        codeLimit: null,
      };
    case 'codeLimited':
      // The last code sent may still work; Resend stays off until the limit passes.
      return {
        ...moveTo(state, 'code'),
        email: event.email,
        codeRejected: false,
        codeResent: true,
        birthdateRejected: false,
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
      return state.stage === 'code' ? moveTo(state, 'birthdate') : state;
    case 'birthdateRejected':
      return state.stage === 'birthdate' ? { ...state, birthdateRejected: true } : state;
    case 'usePhone':
      return state.stage === 'birthdate' && state.birthdateRejected ? moveTo(state, 'phone') : state;
    case 'back':
      return moveTo(state, PREVIOUS[state.stage]);
    case 'backToStart':
      return { ...moveTo(state, 'email'), codeRejected: false, codeResent: false, birthdateRejected: false, codeLimit: null };
  }
}
