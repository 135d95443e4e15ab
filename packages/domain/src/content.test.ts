import { describe, expect, it } from 'vitest';
import { ClinicalCaseSchema, ClinicGuideSchema } from './content.ts';
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
