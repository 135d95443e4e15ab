// One table of rules per kind of question session (issue 36, F1): how it is opened, which module records and saves
// its answers, whether its questions are drawn as it goes or fixed when it opens, when keys are shown, which clock it
// has and who saves it. The server and the pages ask these rules instead of comparing kind names in scattered places;
// a new kind is one row here plus its screens.
import type { BankChoice } from './banks.ts';
import type { ExamMode, ExamSource } from './exams.ts';

/** What a quiz session is: the server opens one per quiz the page starts (POST /quiz/sessions) or per sitting. */
export const QUIZ_SESSION_KINDS = ['quick', 'timed', 'speciality', 'single', 'review', 'exam', 'simulacro', 'pack'] as const;
export type QuizSessionKind = (typeof QUIZ_SESSION_KINDS)[number];

export interface SessionKindRules {
  /**
   * Opened bare by its page (POST /quiz/sessions), by the route that fixes its list (a review, «Crear examen»), or
   * only together with its sitting (POST /api/simulacros).
   */
  openedBy: 'page' | 'its list' | 'sitting';
  /** The module that records, grades and finishes its answers: the quiz's, or the simulacro's (its parts and clock). */
  module: 'quiz' | 'simulacros';
  /** Questions drawn one case at a time as the student goes, or a list fixed when it opens (`configuration.questionIds`). */
  questions: 'drawn' | 'fixed';
  /** Keys shown as each answer is sent (tutor), only at the end (examen), or as the student chose (`configuration.mode`). */
  mode: ExamMode | 'chosen';
  /**
   * Its clock: none; one per case that may run out with questions unanswered (the timed quiz); a pace per question the
   * student chose (`configuration.secondsPerQuestion`); or the sitting's own (a simulacro's parts).
   */
  clock: 'none' | 'per case' | 'chosen pace' | 'sitting';
  /**
   * Who saves it: the page's «Guardar» (and, once idle, the saving of sessions left open), or its own «Terminar»
   * (a custom exam resumes from the home page until then; a simulacro saves itself).
   */
  savedBy: 'page' | 'finish';
  /** Questions left without an answer when it is finished count as not correct (an exam sat as an exam). */
  unansweredCount: 'no' | 'in examen mode';
  /** Its review lists the questions as they were answered, or in the list's own order (where answers could change). */
  reviewOrder: 'answered' | 'list';
  /**
   * Its answers may reach the server long after they were given (a pack answered without signal): the page says when
   * each was given and they are dated then. Otherwise an answer is dated when it arrives.
   */
  answersDated: 'on arrival' | 'by the page';
}

/** The module that records, grades and finishes a kind's answers (`SessionKindRules.module`). */
export type SessionModule = SessionKindRules['module'];

/** A quiz the page opens and draws as it goes, keys shown at once, saved by «Guardar»: the four study modes. */
const STUDY_MODE: SessionKindRules = {
  openedBy: 'page',
  module: 'quiz',
  questions: 'drawn',
  mode: 'tutor',
  clock: 'none',
  savedBy: 'page',
  unansweredCount: 'no',
  reviewOrder: 'answered',
  answersDated: 'on arrival',
};

export const SESSION_KIND_RULES: Readonly<Record<QuizSessionKind, SessionKindRules>> = {
  quick: STUDY_MODE,
  timed: { ...STUDY_MODE, clock: 'per case' },
  speciality: STUDY_MODE,
  single: STUDY_MODE,
  review: { ...STUDY_MODE, openedBy: 'its list', questions: 'fixed' },
  exam: {
    openedBy: 'its list',
    module: 'quiz',
    questions: 'fixed',
    mode: 'chosen',
    clock: 'chosen pace',
    savedBy: 'finish',
    unansweredCount: 'in examen mode',
    reviewOrder: 'list',
    answersDated: 'on arrival',
  },
  simulacro: {
    openedBy: 'sitting',
    module: 'simulacros',
    questions: 'fixed',
    mode: 'examen',
    clock: 'sitting',
    savedBy: 'finish',
    // The simulacro's own grading counts its unanswered questions, per part (exams module).
    unansweredCount: 'no',
    reviewOrder: 'list',
    answersDated: 'on arrival',
  },
  /**
   * A pack of cases downloaded to study offline (issue 41): fixed when downloaded, graded on the phone from the keys it
   * carries, its answers sent when the signal returns; never saved by the idle job (she may answer it over days).
   */
  pack: {
    openedBy: 'its list',
    module: 'quiz',
    questions: 'fixed',
    mode: 'tutor',
    clock: 'none',
    savedBy: 'finish',
    unansweredCount: 'no',
    reviewOrder: 'list',
    answersDated: 'by the page',
  },
};

export const rulesOf = (kind: QuizSessionKind): SessionKindRules => SESSION_KIND_RULES[kind];

/** The kinds whose rule matches: e.g. the kinds a page opens, or the kinds «Guardar» saves. */
export function kindsWhere(matches: (rules: SessionKindRules) => boolean): QuizSessionKind[] {
  return QUIZ_SESSION_KINDS.filter((kind) => matches(SESSION_KIND_RULES[kind]));
}

/**
 * What a session keeps of how it was opened (the `configuration` column), typed per kind (issue 36, F1). The server
 * writes it when the session opens and reads it back through `contracts/session-configuration.ts`, which parses a
 * row into its kind's shape.
 */
export interface StudyConfiguration {
  /** A trial's answers carried into the account that signed up (a quick quiz of its own). */
  origin?: 'trial';
}
/** «Repasar incorrectas», «Repasar marcadas» or «Repasar mis errores»: exactly these questions. */
export interface ReviewConfiguration {
  source: 'incorrectas' | 'marcadas' | 'errores';
  questionIds: string[];
  /** The saved session whose missed questions these are («Repasar incorrectas»). */
  fromSessionId?: string;
}
/** «Crear examen»: the drawn list, the mode and pace chosen, and what it was drawn from. */
export interface ExamConfiguration {
  mode: ExamMode;
  questionIds: string[];
  /** The time per question chosen; none when absent or null. */
  secondsPerQuestion?: number | null;
  bank?: BankChoice;
  areas?: string[];
  subSpecialities?: string[];
  topics?: string[];
  includeEnglish?: boolean;
  includeUnexplainedMir?: boolean;
  which?: ExamSource;
  favourMySpeciality?: boolean;
}
/** A simulacro sitting: its form, language, parts, and the form's questions it serves, in order. */
export interface SimulacroConfiguration {
  formId: string;
  includeEnglish: boolean;
  parts: 1 | 2;
  questionIds: string[];
}
/** A pack for offline study (issue 41): its cases' questions, in order, and the areas it was drawn from. */
export interface PackConfiguration {
  questionIds: string[];
  areas?: string[];
}
export interface SessionConfigurations {
  quick: StudyConfiguration;
  timed: StudyConfiguration;
  speciality: StudyConfiguration;
  single: StudyConfiguration;
  review: ReviewConfiguration;
  exam: ExamConfiguration;
  simulacro: SimulacroConfiguration;
  pack: PackConfiguration;
}
export type SessionConfiguration<K extends QuizSessionKind = QuizSessionKind> = SessionConfigurations[K];
/** A session whose configuration has its kind's shape: what every rule below reads. */
export type TypedSession = { [K in QuizSessionKind]: { kind: K; configuration: SessionConfigurations[K] } }[QuizSessionKind];

/** Whether keys are shown as each answer is sent (tutor) or only once the session is finished (examen). */
export function sessionMode(session: TypedSession): ExamMode {
  const mode = rulesOf(session.kind).mode;
  if (mode !== 'chosen') return mode;
  return 'mode' in session.configuration && session.configuration.mode === 'examen' ? 'examen' : 'tutor';
}

/** The fixed list of a session that has one (in the order it is served and reviewed), null for drawn sessions. */
export function fixedQuestionIds(session: TypedSession): string[] | null {
  if (rulesOf(session.kind).questions !== 'fixed') return null;
  return 'questionIds' in session.configuration ? session.configuration.questionIds : null;
}

/** A session's chosen time per question in seconds, or null: none, or not a kind with a chosen pace. */
export function secondsPerQuestion(session: TypedSession): number | null {
  if (rulesOf(session.kind).clock !== 'chosen pace' || !('secondsPerQuestion' in session.configuration)) return null;
  return session.configuration.secondsPerQuestion ?? null;
}

/** Whether the session's questions left unanswered at its end count as not correct. */
export function unansweredCountAsWrong(session: TypedSession): boolean {
  return rulesOf(session.kind).unansweredCount === 'in examen mode' && sessionMode(session) === 'examen';
}
