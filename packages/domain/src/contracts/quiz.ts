/** /api/quiz: random questions and clinical cases, grading, saved quiz evaluations. */

import { z } from 'zod';
import { BANK_CHOICES } from '../banks.ts';
import { kindsWhere, QUIZ_SESSION_KINDS } from '../session-kinds.ts';
import { EXAM_COUNT_MESSAGE, EXAM_MAX_QUESTIONS, EXAM_MIN_QUESTIONS, EXAM_MODES, EXAM_SOURCES, PACE_CHOICES } from '../exams.ts';
import { SuccessSchema } from './common.ts';
import type { ContractTable } from './route-contract.ts';
import type { quizRoutes } from '../api-routes/quiz.ts';

export const OptionSchema = z.object({ text: z.string(), imageUrl: z.string().optional() });
export type Option = z.infer<typeof OptionSchema>;

/** The spec spells the tag keys in Spanish with capitals. */
export const QuestionTagsWireSchema = z.object({
  Especialidad: z.string(),
  SubEspecialidad: z.string(),
  Tema: z.string(),
  Dificultad: z.string(),
});
export type QuestionTagsWire = z.infer<typeof QuestionTagsWireSchema>;

export const GpcWireSchema = z.object({
  name: z.string(),
  code: z.string().nullable(),
  year: z.number().int(),
  /** When our registry last checked the entry against its source (YYYY-MM), and against what (a link or an identifier). */
  checkedAt: z.string().optional(),
  checkedAgainst: z.string().optional(),
});
export const SourceWireSchema = z.object({ citation: z.string(), url: z.string().nullable() });

/** A figure in the stem: the drawing's address, what a screen reader says, and its size (the page reserves it). */
export const QuestionFigureSchema = z.object({
  url: z.string(),
  alt: z.string(),
  caption: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
});
export type QuestionFigure = z.infer<typeof QuestionFigureSchema>;

/** A question as the page sees it before answering: never the correct option or the explanation. */
export const QuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(OptionSchema),
  tags: QuestionTagsWireSchema,
  gpc: GpcWireSchema.nullable(),
  source: SourceWireSchema.nullable(),
  /** The figure its stem shows (an ECG, a chart), when it has one. */
  figure: QuestionFigureSchema.optional(),
  /** On a draw: the student had answered every question of the choice, so this one comes again. */
  repeated: z.boolean().optional(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const ClinicCaseSchema = z.object({
  id: z.string(),
  clinicCaseContent: z.string(),
  tags: QuestionTagsWireSchema,
  gpc: GpcWireSchema.nullable(),
  source: SourceWireSchema.nullable(),
  questions: z.array(QuestionSchema).min(1),
  /** On a draw: the student had answered every case of the choice, so this one comes again. */
  repeated: z.boolean().optional(),
});
export type ClinicCase = z.infer<typeof ClinicCaseSchema>;

/** A client-made id that groups one quiz session's answers; the saved evaluation is computed from them. */
export const QuizSessionIdSchema = z.uuid();

export { QUIZ_SESSION_KINDS, type QuizSessionKind } from '../session-kinds.ts';
/**
 * The kinds a page opens bare, drawn as it goes (a review or custom exam is opened by the route that fixes its list, a
 * simulacro's session only with its sitting): session-kinds.ts.
 */
const OPENABLE_KINDS = kindsWhere((rules) => rules.openedBy === 'page');
export const CreateQuizSessionBodySchema = z.object({
  kind: z.enum(QUIZ_SESSION_KINDS).refine((kind) => OPENABLE_KINDS.includes(kind), 'Este tipo de sesión no se abre desde esta página.'),
});
export type CreateQuizSessionBody = z.infer<typeof CreateQuizSessionBodySchema>;
export const QuizSessionSchema = z.object({ quizSessionId: z.uuid(), kind: z.enum(QUIZ_SESSION_KINDS), startedAt: z.iso.datetime() });
export type QuizSession = z.infer<typeof QuizSessionSchema>;
export const QuizSessionParamsSchema = z.object({ quizSessionId: QuizSessionIdSchema });

/**
 * The page's quiz session, so the pick avoids cases already answered in it (once the user has answered
 * every case of the pool); optional, the spec's call sends nothing.
 */
/** Which bank to draw from (decision 013); without it, the student's bank setting. Trials always draw from ours. */
export const BankChoiceSchema = z.enum(BANK_CHOICES);

export const RandomClinicCaseQuerySchema = z.object({ quizSessionId: QuizSessionIdSchema.optional(), bank: BankChoiceSchema.optional() });
export const RandomQuestionQuerySchema = z.object({ bank: BankChoiceSchema.optional() });
export const SpecialityCountsQuerySchema = z.object({ bank: BankChoiceSchema.optional() });

/**
 * GET and PUT /api/quiz/bank: the student's bank setting (one per account, honoured by every mode; issue 37) and how
 * many questions each bank serves. A PUT changes only what it names besides the bank.
 */
export const BankChoiceBodySchema = z.object({
  bank: BankChoiceSchema,
  includeEnglish: z.boolean().optional(),
  /** The MIR items that carry only the official key (no explanation): left out of every pool unless asked for. */
  includeUnexplainedMir: z.boolean().optional(),
});
export type BankChoiceBody = z.infer<typeof BankChoiceBodySchema>;
export const BankStateSchema = z.object({
  bank: BankChoiceSchema,
  /** Whether draws include the items written in English. */
  includeEnglish: z.boolean(),
  /** Whether draws with MIR on include the MIR items without an explanation. */
  includeUnexplainedMir: z.boolean(),
  /**
   * The line about what MIR items are is due: MIR is on and this account has not been shown it. The page shows it and
   * says so (POST /api/quiz/bank/mir-notice), so it comes once per account.
   */
  mirNoticeDue: z.boolean(),
  questions: z.object({
    galeno: z.number().int().nonnegative(),
    mir: z.number().int().nonnegative(),
    /** Of the MIR questions, those without an explanation. */
    mirWithoutExplanation: z.number().int().nonnegative(),
  }),
});
export type BankState = z.infer<typeof BankStateSchema>;
export type RandomClinicCaseQuery = z.infer<typeof RandomClinicCaseQuerySchema>;

export const RandomBySpecialityBodySchema = z.object({
  speciality: z.string().trim().min(1).max(80),
  subSpeciality: z.string().trim().min(1).max(80).optional(),
  quizSessionId: QuizSessionIdSchema.optional(),
  bank: BankChoiceSchema.optional(),
});
export type RandomBySpecialityBody = z.infer<typeof RandomBySpecialityBodySchema>;

/**
 * How many clinical cases one area and sub-speciality has in the student's pool (GET clinic-case/specialities lists
 * those with any), and how many of them are of each bank.
 */
export const SpecialityCaseCountSchema = z.object({
  speciality: z.string(),
  subSpeciality: z.string(),
  cases: z.number().int().min(1),
  galeno: z.number().int().nonnegative(),
  mir: z.number().int().nonnegative(),
});
export type SpecialityCaseCount = z.infer<typeof SpecialityCaseCountSchema>;
export const ClinicCaseSpecialitiesResponseSchema = z.array(SpecialityCaseCountSchema);

const optionIndex = z.number().int().min(0).max(9);

/** The quizzes send selectedOption; the discount-quiz variants send optionSelectedIndex. */
export const EvaluateQuestionBodySchema = z
  .object({
    questionId: z.string().min(1).max(120),
    selectedOption: optionIndex.optional(),
    optionSelectedIndex: optionIndex.optional(),
    quizSessionId: QuizSessionIdSchema.optional(),
    /** A timed quiz: the time spent on the question, measured by the page. */
    elapsedMs: z.number().int().min(0).max(3_600_000).optional(),
  })
  .refine((body) => body.selectedOption !== undefined || body.optionSelectedIndex !== undefined, {
    message: 'Selecciona una opción',
    path: ['selectedOption'],
  });
export type EvaluateQuestionBody = z.infer<typeof EvaluateQuestionBodySchema>;

/** When and why an item was last corrected. */
export const LastChangeSchema = z.object({ at: z.iso.datetime(), reason: z.string() });

/** Percent of students per option (decision 016), each 0–100. */
export const OptionSharesSchema = z.array(z.number().int().min(0).max(100));

export const QuestionEvaluationSchema = z.object({
  questionId: z.string(),
  correct: z.boolean(),
  /** Index of the right option. */
  correctAnswer: z.number().int(),
  feedback: z.string(),
  /** An English item's explanation in Spanish, which the page offers a tap away; absent on every other item. */
  explanationEs: z.string().optional(),
  /** The item's latest correction («Corregida el …: …», issue 39); absent on an item never corrected. */
  lastChange: LastChangeSchema.optional(),
  tags: QuestionTagsWireSchema,
  /**
   * Percent of students who chose each option on their first answer, once enough answered (decision 016); null
   * before that. Counts only: nothing about who.
   */
  optionShares: OptionSharesSchema.nullable().optional(),
  /** A timed case whose time ran out: this question had no answer, so nothing was recorded for it. */
  unanswered: z.literal(true).optional(),
});
export type QuestionEvaluation = z.infer<typeof QuestionEvaluationSchema>;

export const SelectedOptionSchema = z.object({ questionId: z.string().min(1).max(120), optionSelectedIndex: optionIndex });

export const EvaluateClinicCaseBodySchema = z
  .object({
    clinicCaseId: z.string().min(1).max(120),
    selectedOptions: z.array(SelectedOptionSchema).max(10),
    quizSessionId: QuizSessionIdSchema.optional(),
    /** A timed quiz: the time spent on the case, measured by the page (shared among its answered questions). */
    elapsedMs: z.number().int().min(0).max(3_600_000).optional(),
    /**
     * A timed quiz whose time for the case ran out: the answers chosen are graded and recorded, the questions left
     * without one come back unanswered (the key and explanation, nothing recorded). Without it, every question needs
     * an answer.
     */
    timeUp: z.boolean().optional(),
    /**
     * When the case was answered, for a session answered without signal (an offline pack, issue 41): its answers are
     * dated then, within the session's life. Ignored for any other session.
     */
    answeredAt: z.iso.datetime().optional(),
  })
  .refine((body) => body.timeUp === true || body.selectedOptions.length > 0, {
    message: 'Responde todas las preguntas del caso antes de calificar.',
    path: ['selectedOptions'],
  })
  .refine((body) => body.timeUp !== true || body.elapsedMs !== undefined, {
    message: 'Falta el tiempo del caso.',
    path: ['elapsedMs'],
  });
export type EvaluateClinicCaseBody = z.infer<typeof EvaluateClinicCaseBodySchema>;
export const EvaluateClinicCaseResponseSchema = z.array(QuestionEvaluationSchema);

/** POST /quiz/sessions/:id/answers: record answers without revealing the key (exam mode, autosave). */
const ElapsedMsSchema = z.number().int().min(0).max(3_600_000);
export const RecordAnswersBodySchema = z.object({
  answers: z
    .array(
      SelectedOptionSchema.extend({
        /** This question's own time on screen so far, kept across visits and reloads (an exam in exam mode). */
        elapsedMs: ElapsedMsSchema.optional(),
      }),
    )
    .min(1)
    .max(10),
  /** The time on screen, in an exam with a time per question (shared among the answers without their own). */
  elapsedMs: ElapsedMsSchema.optional(),
});
export type RecordAnswersBody = z.infer<typeof RecordAnswersBodySchema>;
export const RecordAnswersResponseSchema = z.object({ recorded: z.number().int(), answeredInSession: z.number().int() });

export const SubSpecialityEvaluationSchema = z.object({
  subSpeciality: z.string(),
  correctAnswers: z.number().int(),
  totalSubSpecialityQuestionsAnswered: z.number().int(),
});
export const SpecialityEvaluationSchema = z.object({
  speciality: z.string(),
  correctAnswers: z.number().int(),
  totalSpecialityQuestionsAnswered: z.number().int(),
  subSpecialities: z.array(SubSpecialityEvaluationSchema),
});
export type SpecialityEvaluation = z.infer<typeof SpecialityEvaluationSchema>;

export const QuickQuizEvaluationSchema = z.object({
  date: z.iso.datetime(),
  formattedDate: z.string(),
  totalQuestions: z.number().int(),
  totalCorrect: z.number().int(),
  /** Percent, 0–100. */
  averageScore: z.number(),
  specialityEvaluations: z.array(SpecialityEvaluationSchema),
  /** A timed session: the time spent on its questions, in milliseconds; absent otherwise. */
  totalTimeMs: z.number().int().nullable().optional(),
});
export type QuickQuizEvaluation = z.infer<typeof QuickQuizEvaluationSchema>;

/**
 * The page sends its own summary as the spec says, but the server recomputes it from the answers it
 * recorded for quizSessionId; the browser's numbers are never stored.
 */
export const SaveQuickQuizEvaluationBodySchema = z.object({
  userId: z.string().min(1).max(80),
  quizSessionId: QuizSessionIdSchema,
  quickQuizEvaluation: z.unknown().optional(),
  /** An exam-mode exam: the time spent on the questions left without an answer, which no answer carries. */
  skippedTimeMs: z
    .number()
    .int()
    .min(0)
    .max(100 * 3_600_000)
    .optional(),
});
export type SaveQuickQuizEvaluationBody = z.infer<typeof SaveQuickQuizEvaluationBodySchema>;

export const SavedQuickQuizEvaluationSchema = z.object({
  id: z.string(),
  quickQuizEvaluation: QuickQuizEvaluationSchema,
  /** The saved session, so its review can be opened again ("Repasar" on the statistics page). */
  quizSessionId: z.string().optional(),
  /** Which mode the session was (the statistics page names it). */
  kind: z.enum(QUIZ_SESSION_KINDS).optional(),
});
export type SavedQuickQuizEvaluation = z.infer<typeof SavedQuickQuizEvaluationSchema>;

export const GetQuickQuizEvaluationsBodySchema = z.object({ userId: z.string().min(1).max(80) });
export const GetQuickQuizEvaluationsResponseSchema = z.array(SavedQuickQuizEvaluationSchema);

/** 403 code that the quiz pages turn into the expired-membership modal. */
export { MEMBERSHIP_EXPIRED_CODE, MEMBERSHIP_EXPIRED_MESSAGE } from '../error-codes.ts';

/** One answered question of a saved session, as its review shows it: the student's answer beside the key. */
export const ReviewItemSchema = z.object({
  question: QuestionSchema,
  /** The text of the clinical case the question belongs to; null for a single question. */
  caseText: z.string().nullable(),
  /** The option chosen; null for an exam-mode question left without an answer (scored as not correct). */
  selectedIndex: z.number().int().nullable(),
  correct: z.boolean(),
  correctAnswer: z.number().int(),
  feedback: z.string(),
  /** An English item's explanation in Spanish; absent on every other item. */
  explanationEs: z.string().optional(),
  lastChange: LastChangeSchema.optional(),
  flagged: z.boolean(),
  /** The time the student spent on the question (a timed quiz or an exam with a time per question); null otherwise. */
  timeMs: z.number().int().nullable().optional(),
  /** How students answered it (first answers), as graded, once 20 answered; null before (decision 016). */
  optionShares: OptionSharesSchema.nullable().optional(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const SessionReviewSchema = z.object({
  quizSessionId: z.string(),
  kind: z.enum(QUIZ_SESSION_KINDS),
  savedAt: z.iso.datetime().nullable(),
  items: z.array(ReviewItemSchema),
});
export type SessionReview = z.infer<typeof SessionReviewSchema>;

/** A question to answer in a session with a fixed list ("Repasar incorrectas", "Marcadas"), without its key. */
export const SessionQuestionSchema = z.object({ question: QuestionSchema, caseText: z.string().nullable() });
export type SessionQuestion = z.infer<typeof SessionQuestionSchema>;
export const StartReviewSessionBodySchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('incorrectas'), quizSessionId: QuizSessionIdSchema }),
  z.object({ source: z.literal('marcadas') }),
  /** "Repasar mis errores": the questions whose latest answer was wrong, of an area or sub-speciality if given. */
  z.object({ source: z.literal('errores'), speciality: z.string().max(80).optional(), subSpeciality: z.string().max(80).optional() }),
]);
export type StartReviewSessionBody = z.infer<typeof StartReviewSessionBodySchema>;
export const SessionQuestionsSchema = z.object({
  quizSessionId: z.string(),
  kind: z.enum(QUIZ_SESSION_KINDS),
  items: z.array(SessionQuestionSchema),
  /** The questions already answered in this session (resuming on any device starts at the first one left). */
  answeredIds: z.array(z.string()),
  /** The student's own answers so far (an exam-mode exam goes back to them): the option chosen and the time kept. */
  recorded: z.array(z.object({ questionId: z.string(), selectedIndex: z.number().int(), timeMs: z.number().int().nullable() })).default([]),
  /** A custom exam's mode: 'examen' records answers and shows every explanation at the end. */
  mode: z.enum(EXAM_MODES),
  /** A custom exam's time per question, or null for none. */
  secondsPerQuestion: z.number().int().nullable().default(null),
  /** Finished («Ver resultados», a review saved): its address shows the results and the review, never question 1 again. */
  saved: z.boolean().default(false),
});
export type SessionQuestions = z.infer<typeof SessionQuestionsSchema>;

/** "Marcar para repasar": a question the student flagged; flags outlive sessions. */
export const QuestionFlagParamsSchema = z.object({ questionId: z.string().min(1).max(120) });
export const QuestionFlagBodySchema = z.object({ flagged: z.boolean() });
export const QuestionFlagSchema = z.object({ questionId: z.string(), flagged: z.boolean() });
export type QuestionFlag = z.infer<typeof QuestionFlagSchema>;
export const FlaggedQuestionsSchema = z.object({ total: z.number().int(), questionIds: z.array(z.string()) });
export type FlaggedQuestions = z.infer<typeof FlaggedQuestionsSchema>;
/** The flagged list: each flagged question still served, newest flag first, with what names it on screen. */
export const FlaggedQuestionListSchema = z.object({
  items: z.array(
    z.object({
      questionId: z.string(),
      question: z.string(),
      especialidad: z.string(),
      subEspecialidad: z.string(),
      flaggedAt: z.iso.datetime(),
    }),
  ),
});
export type FlaggedQuestionList = z.infer<typeof FlaggedQuestionListSchema>;

/**
 * "Crear examen": what the questions are drawn from. The bank and the language and «sin explicación» options, when
 * absent, are the student's bank setting (issue 37).
 */
export const ExamChoiceSchema = z.object({
  bank: z.enum(BANK_CHOICES).optional(),
  areas: z.array(z.string().max(80)).max(10).default([]),
  subSpecialities: z.array(z.string().max(80)).max(40).default([]),
  topics: z.array(z.string().max(120)).max(100).default([]),
  includeEnglish: z.boolean().optional(),
  includeUnexplainedMir: z.boolean().optional(),
  which: z.enum(EXAM_SOURCES).default('no-vistas'),
});
export type ExamChoice = z.input<typeof ExamChoiceSchema>;
/** The live count, with the banks apart. */
export const ExamAvailableSchema = z.object({
  available: z.number().int(),
  galeno: z.number().int().nonnegative(),
  mir: z.number().int().nonnegative(),
});
export type ExamAvailable = z.infer<typeof ExamAvailableSchema>;
export const CreateExamBodySchema = ExamChoiceSchema.extend({
  count: z.number().int().min(EXAM_MIN_QUESTIONS, { error: EXAM_COUNT_MESSAGE }).max(EXAM_MAX_QUESTIONS, { error: EXAM_COUNT_MESSAGE }),
  mode: z.enum(EXAM_MODES).default('tutor'),
  /** The time per question (one of the paces), or none. */
  secondsPerQuestion: z
    .number()
    .int()
    .refine((value) => (PACE_CHOICES as readonly number[]).includes(value), { error: 'Elige un tiempo por pregunta de la lista.' })
    .nullable()
    .default(null),
  /** The welcome's first quiz: most questions from the area of the student's speciality, where the bank has them. */
  favourMySpeciality: z.boolean().default(false),
});
export type CreateExamBody = z.input<typeof CreateExamBodySchema>;

/** The student's latest unfinished exam or review, offered as "Continuar" on the home page (any device). */
export const OpenSessionSchema = z.object({
  quizSessionId: z.string(),
  kind: z.enum(QUIZ_SESSION_KINDS),
  total: z.number().int(),
  answered: z.number().int(),
  startedAt: z.iso.datetime(),
});
export const OpenSessionResponseSchema = z.object({ session: OpenSessionSchema.nullable() });
export type OpenSessionResponse = z.infer<typeof OpenSessionResponseSchema>;

/** What each route of the quiz area takes and answers (the route manifest, issue 36). */
/** The most cases one pack holds (issue 41): about a week of evenings without signal, a few megabytes on the phone. */
export const PACK_MAX_CASES = 50;
export const PACK_SIZES = [10, 25, 50] as const;

/** POST /quiz/packs: cases of the areas she picks (all when none), the ones she has not answered first. */
export const CreatePackBodySchema = z.object({
  areas: z.array(z.string().min(1).max(80)).max(10).default([]),
  cases: z
    .number({ error: 'Elige cuántos casos quieres descargar.' })
    .int()
    .min(PACK_SIZES[0], `Un paquete tiene de ${PACK_SIZES[0]} a ${PACK_MAX_CASES} casos.`)
    .max(PACK_MAX_CASES, `Un paquete tiene de ${PACK_SIZES[0]} a ${PACK_MAX_CASES} casos.`),
});
export type CreatePackBody = z.input<typeof CreatePackBodySchema>;

/** A question's key as a pack carries it, to grade on the phone: what grading online would show, without the shares. */
export const PackKeySchema = QuestionEvaluationSchema.omit({ correct: true, optionShares: true, unanswered: true });
export type PackKey = z.infer<typeof PackKeySchema>;

export const PackSchema = z.object({
  /** The session the pack's answers are recorded in, as if given online. */
  quizSessionId: z.string(),
  createdAt: z.iso.datetime(),
  areas: z.array(z.string()),
  cases: z.array(z.object({ clinicCase: ClinicCaseSchema, keys: z.array(PackKeySchema) })),
});
export type Pack = z.infer<typeof PackSchema>;

export const quizApi = {
  randomQuestion: { query: RandomQuestionQuerySchema, response: QuestionSchema },
  randomClinicCase: { query: RandomClinicCaseQuerySchema, response: ClinicCaseSchema },
  specialities: { query: SpecialityCountsQuerySchema, response: ClinicCaseSpecialitiesResponseSchema },
  bank: { response: BankStateSchema },
  chooseBank: { body: BankChoiceBodySchema, response: BankStateSchema },
  mirNoticeSeen: { response: BankStateSchema },
  randomClinicCaseBySpeciality: { body: RandomBySpecialityBodySchema, response: ClinicCaseSchema },
  evaluateQuestion: { body: EvaluateQuestionBodySchema, response: QuestionEvaluationSchema },
  evaluateClinicCase: { body: EvaluateClinicCaseBodySchema, response: EvaluateClinicCaseResponseSchema },
  saveEvaluation: { body: SaveQuickQuizEvaluationBodySchema, response: SavedQuickQuizEvaluationSchema },
  startSession: { body: CreateQuizSessionBodySchema, response: QuizSessionSchema },
  discardSession: { params: QuizSessionParamsSchema, response: SuccessSchema },
  recordAnswers: { params: QuizSessionParamsSchema, body: RecordAnswersBodySchema, response: RecordAnswersResponseSchema },
  evaluations: { body: GetQuickQuizEvaluationsBodySchema, response: GetQuickQuizEvaluationsResponseSchema },
  sessionReview: { params: QuizSessionParamsSchema, response: SessionReviewSchema },
  startReviewSession: { body: StartReviewSessionBodySchema, response: QuizSessionSchema },
  sessionQuestions: { params: QuizSessionParamsSchema, response: SessionQuestionsSchema },
  flags: { response: FlaggedQuestionsSchema },
  flaggedQuestions: { response: FlaggedQuestionListSchema },
  setFlag: { params: QuestionFlagParamsSchema, body: QuestionFlagBodySchema, response: QuestionFlagSchema },
  examAvailable: { body: ExamChoiceSchema, response: ExamAvailableSchema },
  createExam: { body: CreateExamBodySchema, response: QuizSessionSchema },
  openSession: { response: OpenSessionResponseSchema },
  createPack: { body: CreatePackBodySchema, response: PackSchema },
} satisfies ContractTable<typeof quizRoutes>;
