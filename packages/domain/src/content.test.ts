import { describe, expect, it } from 'vitest';
import { ClinicGuideSchema } from './content.ts';
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
