import { describe, expect, it } from 'vitest';
import { RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import { evaluationOn, summaryFixture } from './stats-fixtures';
import { correctOf, isEmptyView, plural, practiceLink, toStatsView, trendSummary, weakWithoutQuestionsLeft } from './stats-view';

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

describe('words that agree with their numbers', () => {
  it('puts the noun and the adjective in the singular for one only', () => {
    expect([plural(0, 'tema', 'temas'), plural(1, 'tema', 'temas'), plural(2, 'tema', 'temas')]).toEqual(['0 temas', '1 tema', '2 temas']);
    expect([correctOf(1, 1), correctOf(0, 1), correctOf(1, 4)]).toEqual(['1 de 1 correcta', '0 de 1 correcta', '1 de 4 correctas']);
  });
});

describe('trendSummary', () => {
  const point = (day: string, accuracy: number) => ({ day, answered: 10, correct: accuracy / 10, accuracy });
  it('says the 30-day trend from the first day with answers to the last', () => {
    expect(trendSummary([])).toBe('Sin respuestas en los últimos 30 días.');
    expect(trendSummary([point('2026-03-04', 40)])).toBe('Últimos 30 días: un día con respuestas, 40% de aciertos.');
    expect(trendSummary([point('2026-03-04', 40), point('2026-03-05', 50), point('2026-03-06', 60)])).toBe(
      'Últimos 30 días: 3 días con respuestas, de 40% a 60% de aciertos.',
    );
  });
});

describe('weakWithoutQuestionsLeft', () => {
  it('names the sub-specialities below the goal, from the first answer, weakest first', () => {
    const sub = (name: string, correct: number, total: number) => ({
      subSpeciality: name,
      correctAnswers: correct,
      totalSubSpecialityQuestionsAnswered: total,
    });
    const area = { speciality: 'Cirugía', correctAnswers: 0, totalSpecialityQuestionsAnswered: 0 };
    expect(
      weakWithoutQuestionsLeft([
        {
          ...area,
          subSpecialities: [sub('Urología', 1, 7), sub('Cirugía General', 4, 7), sub('Trasplantes', 0, 1), sub('Ortopedia', 0, 0)],
        },
      ]),
    ).toEqual(['Urología', 'Cirugía General', 'Trasplantes']);
    expect(weakWithoutQuestionsLeft([{ ...area, subSpecialities: [sub('Urología', 7, 7)] }])).toEqual([]);
  });
});
