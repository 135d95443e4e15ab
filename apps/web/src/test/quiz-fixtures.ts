import type { SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';

/* Quiz fixtures shared by the unit tests of components/question and features/quiz (never used by the app). */

export function savedEvaluation(overrides: Partial<SavedQuickQuizEvaluation['quickQuizEvaluation']> = {}): SavedQuickQuizEvaluation {
  return {
    id: 'eval-1',
    quickQuizEvaluation: {
      date: '2026-03-02T18:00:00.000Z',
      formattedDate: '2 de marzo de 2026',
      totalQuestions: 4,
      totalCorrect: 3,
      averageScore: 75,
      specialityEvaluations: [
        {
          speciality: 'Pediatría y Neonatología',
          correctAnswers: 3,
          totalSpecialityQuestionsAnswered: 4,
          subSpecialities: [{ subSpeciality: 'Pediatría', correctAnswers: 3, totalSubSpecialityQuestionsAnswered: 4 }],
        },
      ],
      ...overrides,
    },
  };
}
