import { describe, expect, it } from 'vitest';
import { RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import { evaluationOn, summaryFixture } from './stats-fixtures';
import { isEmptyView, practiceLink, toStatsView } from './stats-view';

describe('toStatsView', () => {
  it('keeps the 6 most recent evaluations, newest first, whatever order they come in', () => {
    const days = ['2026-03-02', '2026-03-09', '2026-03-01', '2026-03-07', '2026-03-05', '2026-03-08', '2026-03-03', '2026-03-06'];
    const view = toStatsView(summaryFixture({ recentEvaluations: days.map((day) => evaluationOn(day, `${day}T12:00:00.000Z`, 80)) }));
    expect(view.recentEvaluations.map((evaluation) => evaluation.id)).toEqual([
      '2026-03-09',
      '2026-03-08',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-03',
    ]);
    expect(view.recentEvaluations).toHaveLength(RECENT_EVALUATIONS_SHOWN);
  });

  it('sorts the specialities by accuracy, best first, and their sub-specialities too', () => {
    const speciality = (name: string, correct: number, total: number) => ({
      speciality: name,
      correctAnswers: correct,
      totalSpecialityQuestionsAnswered: total,
      subSpecialities: [
        { subSpeciality: `${name} baja`, correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 4 },
        { subSpeciality: `${name} alta`, correctAnswers: 4, totalSubSpecialityQuestionsAnswered: 4 },
      ],
    });
    const view = toStatsView(
      summaryFixture({
        specialities: [speciality('Cirugía', 5, 10), speciality('Pediatría', 9, 10), speciality('Medicina Interna', 7, 10)],
      }),
    );
    expect(view.specialities.map((entry) => entry.speciality)).toEqual(['Pediatría', 'Medicina Interna', 'Cirugía']);
    expect(view.specialities[0]?.subSpecialities.map((sub) => sub.subSpeciality)).toEqual(['Pediatría alta', 'Pediatría baja']);
  });

  it('is empty when nothing was answered or saved', () => {
    expect(isEmptyView(toStatsView(summaryFixture()))).toBe(false);
    expect(
      isEmptyView(
        toStatsView(
          summaryFixture({
            recentEvaluations: [],
            specialities: [],
            accuracyOverTime: [],
            recommendations: [],
            totals: { answered: 0, correct: 0, accuracy: 0 },
          }),
        ),
      ),
    ).toBe(true);
  });
});

describe('practiceLink', () => {
  it('starts the speciality quiz on the sub-speciality', () => {
    expect(practiceLink('Medicina Interna', 'Otros (Geriatría, Intoxicaciones)')).toBe(
      '/app/speciality-quiz?area=Medicina+Interna&sub=Otros+%28Geriatr%C3%ADa%2C+Intoxicaciones%29',
    );
    const params = new URL(practiceLink('Medicina Interna', 'Otros (Geriatría, Intoxicaciones)'), 'https://x.invalid').searchParams;
    expect([params.get('area'), params.get('sub')]).toEqual(['Medicina Interna', 'Otros (Geriatría, Intoxicaciones)']);
  });
});
