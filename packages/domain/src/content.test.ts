import { describe, expect, it } from 'vitest';
import { ClinicalCaseSchema, ClinicGuideSchema, SingleQuestionSchema } from './content.ts';
import { QUIZ_AREAS } from './taxonomy.ts';

const guide = (id: string) => ({
  id,
  guideName: 'Diagnóstico y tratamiento de la hipertensión arterial',
  category: QUIZ_AREAS[0],
  yearOfUpdate: 2021,
  flashcards: [
    { id: 'hta-1', question: '¿Meta de presión arterial?', answer: 'Menos de 130/80 mmHg', explanation: 'Según la GPC vigente.' },
  ],
});

describe('ClinicGuideSchema', () => {
  it('accepts a guide with a regular id', () => {
    expect(ClinicGuideSchema.safeParse(guide('hipertension-arterial')).success).toBe(true);
  });

  it('refuses the id of the review-of-the-day route', () => {
    const result = ClinicGuideSchema.safeParse(guide('repaso'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('reserved');
  });
});

describe('ClinicalCaseSchema', () => {
  const question = (id: string) => ({
    id,
    question: '¿Conducta?',
    options: ['A uno', 'B dos', 'C tres', 'D cuatro'],
    correctIndex: 0,
    explanation: 'Porque sí.',
  });
  const clinicalCase = (questions: object[]) => ({
    id: 'cc-schema-001',
    caseText: 'Mujer de 30 años con fiebre.',
    tags: { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Apendicitis aguda', dificultad: 'Difícil' },
    guideline: 'gpc-imss-031-08',
    questions,
  });

  it("keeps a question's own guideline and difficulty, which override the case's", () => {
    const parsed = ClinicalCaseSchema.parse(
      clinicalCase([{ ...question('cc-schema-001-q1'), guideline: 'otra-tokyo-2018', dificultad: 'Fácil' }, question('cc-schema-001-q2')]),
    );
    expect(parsed.questions[0]).toMatchObject({ guideline: 'otra-tokyo-2018', dificultad: 'Fácil' });
    expect(parsed.questions[1]!.dificultad).toBeUndefined();
  });

  it('refuses a question difficulty outside the taxonomy', () => {
    const result = ClinicalCaseSchema.safeParse(clinicalCase([{ ...question('cc-schema-001-q1'), dificultad: 'Muy fácil' }]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['questions', 0, 'dificultad']);
  });
});

describe('the Spanish explanation of an English item', () => {
  const englishQuestion = (id: string, overrides: object = {}) => ({
    id,
    question: 'What is the most likely diagnosis?',
    options: ['Acute appendicitis', 'Acute cholecystitis', 'Acute pancreatitis', 'Diverticulitis'],
    correctIndex: 0,
    explanation: 'Pain that migrates to the right iliac fossa points to appendicitis.',
    ...overrides,
  });
  const single = (overrides: object) => ({
    ...englishQuestion('q-lang-001'),
    tags: { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Apendicitis aguda', dificultad: 'Media' },
    guideline: 'gpc-imss-031-08',
    ...overrides,
  });
  const englishCase = (questions: object[], language?: 'en') => ({
    id: 'cc-lang-001',
    caseText: 'A 34-year-old woman with right lower quadrant pain.',
    tags: { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Apendicitis aguda', dificultad: 'Media' },
    guideline: 'gpc-imss-031-08',
    ...(language ? { language } : {}),
    questions,
  });
  const spanish = 'El dolor que migra a la fosa iliaca derecha orienta a apendicitis.';

  it('is kept on an English single question and on each question of an English case', () => {
    expect(SingleQuestionSchema.parse(single({ language: 'en', explanationEs: spanish })).explanationEs).toBe(spanish);
    const parsed = ClinicalCaseSchema.parse(englishCase([englishQuestion('cc-lang-001-q1', { explanationEs: spanish })], 'en'));
    expect(parsed.questions[0]!.explanationEs).toBe(spanish);
  });

  it('is required on every English item, naming the question that lacks it', () => {
    const missing = SingleQuestionSchema.safeParse(single({ language: 'en' }));
    expect(missing.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['explanationEs'], 'an English item needs explanationEs, its explanation in Spanish'],
    ]);
    const caseMissing = ClinicalCaseSchema.safeParse(
      englishCase(
        [englishQuestion('cc-lang-001-q1', { explanationEs: spanish }), englishQuestion('cc-lang-001-q2', { question: 'Next step?' })],
        'en',
      ),
    );
    expect(caseMissing.error?.issues.map((issue) => issue.path)).toEqual([['questions', 1, 'explanationEs']]);
  });

  it('is refused on Spanish items, where there is nothing to translate', () => {
    const single_ = SingleQuestionSchema.safeParse(single({ explanationEs: spanish }));
    expect(single_.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['explanationEs'], 'explanationEs belongs to English items only (language "en")'],
    ]);
    const spanishCase = ClinicalCaseSchema.safeParse(englishCase([englishQuestion('cc-lang-001-q1', { explanationEs: spanish })]));
    expect(spanishCase.error?.issues.map((issue) => issue.path)).toEqual([['questions', 0, 'explanationEs']]);
    expect(SingleQuestionSchema.safeParse(single({ language: 'es', explanationEs: spanish })).success).toBe(false);
  });
});
