import type { SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import type { StatsSummary } from '@galeno/domain/contracts/stats';

/* Statistics fixtures for this feature's unit tests. */

export function evaluationOn(id: string, date: string, averageScore: number): SavedQuickQuizEvaluation {
  return {
    id,
    quickQuizEvaluation: {
      date,
      formattedDate: `fecha ${id}`,
      totalQuestions: 10,
      totalCorrect: Math.round(averageScore / 10),
      averageScore,
      specialityEvaluations: [],
    },
  };
}

export function summaryFixture(overrides: Partial<StatsSummary> = {}): StatsSummary {
  return {
    recentEvaluations: [evaluationOn('e1', '2026-03-05T10:00:00.000Z', 92), evaluationOn('e2', '2026-03-04T10:00:00.000Z', 71)],
    specialities: [
      {
        speciality: 'Medicina Interna',
        correctAnswers: 8,
        totalSpecialityQuestionsAnswered: 10,
        subSpecialities: [
          { subSpeciality: 'Cardiología', correctAnswers: 2, totalSubSpecialityQuestionsAnswered: 5 },
          { subSpeciality: 'Nefrología', correctAnswers: 5, totalSubSpecialityQuestionsAnswered: 5 },
        ],
      },
    ],
    accuracyOverTime: [
      { day: '2026-03-04', answered: 10, correct: 7, accuracy: 70 },
      { day: '2026-03-05', answered: 10, correct: 9, accuracy: 90 },
    ],
    recommendations: [
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', accuracy: 40, answered: 5, preliminary: false, hasCases: true },
    ],
    totals: { answered: 20, correct: 16, accuracy: 80 },
    percentiles: [],
    areaDetails: [],
    ...overrides,
  };
}
