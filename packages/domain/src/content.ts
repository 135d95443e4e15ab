/**
 * The seed-content format (docs/content-format.md): the zod schemas that `npm run content:check`
 * and the loaders apply to every file under content/.
 */

import { z } from 'zod';
import { altGivesAwayKey, FigureSchema } from './figures/figure.ts';
import { DIFFICULTIES, isKnownSubSpeciality, isKnownTopic, QUIZ_AREAS } from './taxonomy.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const contentId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,80}$/, 'ids are lower-case letters, digits and dashes');

/** The Mexican clinical practice guideline (GPC) an item follows. */
export const GpcReferenceSchema = z.object({
  name: text(300),
  code: text(40).optional(),
  year: z.number().int().min(1990).max(2100),
  /** When the registry entry was last checked against its source (YYYY-MM), shown as «verificada <mes año>». */
  checkedAt: z.string().optional(),
  checkedAgainst: z.string().optional(),
});
export type GpcReference = z.infer<typeof GpcReferenceSchema>;

export const QuestionTagsSchema = z
  .object({
    especialidad: z.enum(QUIZ_AREAS as [string, ...string[]]),
    subEspecialidad: text(80),
    tema: text(120),
    dificultad: z.enum(DIFFICULTIES),
  })
  .superRefine((tags, ctx) => {
    if (!isKnownSubSpeciality(tags.especialidad, tags.subEspecialidad)) {
      ctx.addIssue({
        code: 'custom',
        path: ['subEspecialidad'],
        message: `'${tags.subEspecialidad}' is not a sub-speciality of '${tags.especialidad}'`,
      });
    } else if (!isKnownTopic(tags.especialidad, tags.subEspecialidad, tags.tema)) {
      ctx.addIssue({ code: 'custom', path: ['tema'], message: `'${tags.tema}' is not a topic of '${tags.subEspecialidad}'` });
    }
  });
export type QuestionTags = z.infer<typeof QuestionTagsSchema>;

/**
 * The guideline registry (content/guidelines.json): one entry per GPC, NOM or national protocol, with its
 * catalogue code, the year of the version our items follow, whether it is still in force, and when and against what
 * it was last checked (issue 39). Items and guides cite an entry by id, and only an entry in force: `vigente`, or
 * `actualizada` (a newer version was published and the entry now follows it). A `sustituida` entry (replaced by
 * `supersededBy`), a `retirada` one (withdrawn, no successor) or one `por verificar` cannot be cited: content:check
 * fails on an item that does.
 */
export const GUIDELINE_KINDS = ['GPC', 'NOM', 'PRONAM', 'Otra'] as const;
export const GUIDELINE_STATUSES = ['vigente', 'actualizada', 'sustituida', 'retirada', 'por verificar'] as const;
export type GuidelineStatus = (typeof GUIDELINE_STATUSES)[number];
/** The statuses an item may cite: the entry is in force. */
export const CITABLE_STATUSES: readonly GuidelineStatus[] = ['vigente', 'actualizada'];
/** The year a CENETEC catalogue key with the «GPC-» prefix names (GPC-IMSS-137-21 → 2021); undefined for older keys. */
function keyYear(code: string | undefined): number | undefined {
  const match = code === undefined ? null : /^GPC-[A-Z]+-\d{3,4}-(\d{2})$/.exec(code);
  return match ? 2000 + Number(match[1]) : undefined;
}

export const GuidelineSchema = z
  .object({
    id: contentId,
    kind: z.enum(GUIDELINE_KINDS),
    title: text(400),
    code: text(60).optional(),
    /** The year of the current version (the one items follow); unknown only while the entry is unverified. */
    year: z.number().int().min(1990).max(2100).optional(),
    status: z.enum(GUIDELINE_STATUSES),
    supersededBy: contentId.optional(),
    note: text(600).optional(),
    /** When the entry was last checked against its source: a month, YYYY-MM. */
    checkedAt: z
      .string()
      .regex(/^(199\d|20\d\d)-(0[1-9]|1[0-2])$/, 'checkedAt is a month: YYYY-MM')
      .optional(),
    /** What it was checked against: the document's link or its own identifier (DOF date, CENETEC catalogue code). */
    checkedAgainst: text(300).optional(),
  })
  .refine((entry) => entry.status === 'por verificar' || entry.year !== undefined, {
    message: 'a verified entry needs the year of its current version',
    path: ['year'],
  })
  .refine((entry) => entry.status !== 'sustituida' || entry.supersededBy !== undefined, {
    message: 'a superseded entry names the entry that replaces it (supersededBy)',
    path: ['supersededBy'],
  })
  .refine((entry) => (entry.checkedAt === undefined) === (entry.checkedAgainst === undefined), {
    message: 'checkedAt and checkedAgainst go together: when it was checked, and against what',
    path: ['checkedAgainst'],
  })
  // CENETEC's catalogue keys with the «GPC-» prefix (its newer format, seen from 2018) end in the year of that version: GPC-SS-156-24 is 2024.
  .refine(
    (entry) => {
      const named = keyYear(entry.code);
      return entry.year === undefined || named === undefined || named === entry.year;
    },
    {
      message: 'a «GPC-» catalogue key ends in the year of its version: the year and the key disagree',
      path: ['year'],
    },
  );
export type GuidelineEntry = z.infer<typeof GuidelineSchema>;
export const GuidelineRegistrySchema = z.array(GuidelineSchema);

/** The language an item is written in: Spanish unless marked English, as about a tenth of the ENARM once was. */
export const ContentLanguageSchema = z.enum(['es', 'en']);
export type ContentLanguage = z.infer<typeof ContentLanguageSchema>;

/** Where an imported question comes from; shown under it wherever it is shown. */
export const SourceSchema = z.object({ citation: text(500), url: z.url().optional() });

function questionSchema(maxOptions: number) {
  return z
    .object({
      id: contentId,
      question: text(4000),
      options: z.array(text(1000)).min(2).max(maxOptions),
      correctIndex: z.number().int().min(0),
      /** Why the right option is right and each other option is wrong. */
      explanation: text(6000),
      /** An English item's explanation in es-MX, a tap away from the English one; only on English items. */
      explanationEs: text(6000).optional(),
      /** A figure the stem shows (an ECG the bank draws, a chart): drawn on the server, described by its alt text. */
      figure: FigureSchema.optional(),
    })
    .refine((question) => question.correctIndex < question.options.length, {
      message: 'correctIndex is out of range',
      path: ['correctIndex'],
    })
    .refine((question) => new Set(question.options.map((option) => option.toLowerCase())).size === question.options.length, {
      message: 'options repeat',
      path: ['options'],
    })
    .refine((question) => !question.figure || !altGivesAwayKey(question.figure.alt, question.options[question.correctIndex] ?? ''), {
      message: "the figure's alt text names the key: describe what is shown, not what it means",
      path: ['figure', 'alt'],
    });
}

/**
 * An English item carries its explanation in Spanish as well (`explanationEs`), so a student who reads the English
 * stem still gets the teaching in es-MX; a Spanish item has nothing to translate, so it may not carry one.
 */
function checkSpanishExplanation(
  language: ContentLanguage | undefined,
  question: { explanationEs?: string | undefined },
  path: (string | number)[],
  ctx: z.RefinementCtx,
) {
  if (language === 'en' && question.explanationEs === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'explanationEs'],
      message: 'an English item needs explanationEs, its explanation in Spanish',
    });
  } else if (language !== 'en' && question.explanationEs !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'explanationEs'],
      message: 'explanationEs belongs to English items only (language "en")',
    });
  }
}

/** Single questions: options A–E. */
export const SingleQuestionSchema = questionSchema(5)
  .and(
    z.object({
      tags: QuestionTagsSchema,
      /** The registry entry the item follows (content/guidelines.json). */
      guideline: contentId.optional(),
      gpc: GpcReferenceSchema.optional(),
      source: SourceSchema.optional(),
      language: ContentLanguageSchema.optional(),
    }),
  )
  .superRefine((item, ctx) => checkSpanishExplanation(item.language, item, [], ctx));
export type SingleQuestionContent = z.infer<typeof SingleQuestionSchema>;

/**
 * A question of a case may rest on another guideline than its case, or be easier or harder than the case: its
 * own `guideline` (a registry entry, like the case's) and `dificultad` override the case's for that question.
 * `gpc` is the citation the registry entry resolves to (filled by the reader of content/, never written inline).
 */
export const CaseQuestionSchema = questionSchema(10).and(
  z.object({
    guideline: contentId.optional(),
    gpc: GpcReferenceSchema.optional(),
    dificultad: z.enum(DIFFICULTIES).optional(),
  }),
);
export type CaseQuestionContent = z.infer<typeof CaseQuestionSchema>;

/** Clinical cases: 1 to 10 questions, options up to J; each question of an English case carries `explanationEs`. */
export const ClinicalCaseSchema = z
  .object({
    id: contentId,
    caseText: text(8000),
    tags: QuestionTagsSchema,
    guideline: contentId.optional(),
    gpc: GpcReferenceSchema.optional(),
    source: SourceSchema.optional(),
    language: ContentLanguageSchema.optional(),
    questions: z.array(CaseQuestionSchema).min(1).max(10),
  })
  .superRefine((item, ctx) =>
    item.questions.forEach((question, index) => checkSpanishExplanation(item.language, question, ['questions', index], ctx)),
  );
export type ClinicalCaseContent = z.infer<typeof ClinicalCaseSchema>;

export const FlashcardSchema = z.object({
  id: contentId,
  question: text(1000),
  answer: text(2000),
  explanation: text(4000),
});

/** `/app/flashcards/repaso` is the review of the day, so no guide may take that id (decision 008). */
export const RESERVED_GUIDE_IDS = ['repaso'] as const;

export const ClinicGuideSchema = z.object({
  id: contentId.refine((id) => !(RESERVED_GUIDE_IDS as readonly string[]).includes(id), {
    message: 'the id "repaso" is reserved for the review of the day',
  }),
  guideName: text(300),
  /** The area the guide belongs to, as the flashcards list groups it. */
  category: z.enum(QUIZ_AREAS as [string, ...string[]]),
  yearOfUpdate: z.number().int().min(1990).max(2100),
  gpcCode: text(40).optional(),
  guideline: contentId.optional(),
  /** Filled by the reader of content/ from the cited registry entry: when it was last checked (YYYY-MM). */
  guidelineCheckedAt: z.string().optional(),
  flashcards: z.array(FlashcardSchema).min(1),
});
export type ClinicGuideContent = z.infer<typeof ClinicGuideSchema>;

export const DiscountQuizOptionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: text(500) }),
  z.object({ type: z.literal('image'), text: text(300), imageURL: z.string().min(1).max(500) }),
]);

export const DiscountQuizQuestionSchema = z
  .object({
    id: contentId,
    question: text(2000),
    options: z.array(DiscountQuizOptionSchema).min(2).max(5),
    correctIndex: z.number().int().min(0),
    explanation: text(4000),
    tags: z.object({ especialidad: z.enum(QUIZ_AREAS as [string, ...string[]]), tema: text(120), dificultad: z.enum(DIFFICULTIES) }),
  })
  .refine((question) => question.correctIndex < question.options.length, {
    message: 'correctIndex is out of range',
    path: ['correctIndex'],
  });
export type DiscountQuizQuestionContent = z.infer<typeof DiscountQuizQuestionSchema>;

/** Each folder under content/ holds JSON files of one kind, each file an array of items. */
export const CONTENT_KINDS = {
  'clinical-cases': z.array(ClinicalCaseSchema),
  questions: z.array(SingleQuestionSchema),
  guides: z.array(ClinicGuideSchema),
  'discount-quiz': z.array(DiscountQuizQuestionSchema),
} as const;
export type ContentKind = keyof typeof CONTENT_KINDS;
