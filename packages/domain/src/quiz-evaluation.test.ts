import { describe, expect, it } from 'vitest';
import {
  groupBySpeciality,
  mergeCounts,
  recommendWeakest,
  sortByAccuracy,
  sortSpecialityTree,
  summarizeQuiz,
  type GradedAnswer,
} from './quiz-evaluation.ts';

const answer = (especialidad: string, subEspecialidad: string, correct: boolean): GradedAnswer => ({
  especialidad,
  subEspecialidad,
  correct,
});

describe('summarizeQuiz', () => {
  it('counts totals, the average score and each speciality and sub-speciality', () => {
    const answers = [
      answer('Cirugía', 'Urología', true),
      answer('Cirugía', 'Urología', false),
      answer('Cirugía', 'Oftalmología', true),
      answer('Medicina Interna', 'Cardiología', true),
    ];
    const summary = summarizeQuiz(answers, new Date('2026-11-21T18:00:00Z'));
    expect(summary).toMatchObject({
      date: '2026-11-21T18:00:00.000Z',
      formattedDate: '21 de noviembre de 2026',
      totalQuestions: 4,
      totalCorrect: 3,
      averageScore: 75,
    });
    expect(summary.specialityEvaluations).toEqual([
      {
        speciality: 'Cirugía',
        correctAnswers: 2,
        totalSpecialityQuestionsAnswered: 3,
        subSpecialities: [
          { subSpeciality: 'Urología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 2 },
          { subSpeciality: 'Oftalmología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 1 },
        ],
      },
      {
        speciality: 'Medicina Interna',
        correctAnswers: 1,
        totalSpecialityQuestionsAnswered: 1,
        subSpecialities: [{ subSpeciality: 'Cardiología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 1 }],
      },
    ]);
  });

  it('gives 0 for an empty session instead of NaN', () => {
    expect(summarizeQuiz([], new Date()).averageScore).toBe(0);
  });
});

describe('sortByAccuracy', () => {
  it('puts the most accurate speciality first', () => {
    const sorted = sortByAccuracy(
      groupBySpeciality([answer('A', 'a', false), answer('B', 'b', true), answer('C', 'c', true), answer('C', 'c', false)]),
    );
    expect(sorted.map((entry) => entry.speciality)).toEqual(['B', 'C', 'A']);
  });
});

describe('recommendWeakest', () => {
  it('lists weak sub-specialities with enough answers weakest first, then those with fewer as preliminary', () => {
    const answers = [
      ...Array.from({ length: 5 }, (_, i) => answer('Cirugía', 'Urología', i < 1)), // 20%
      ...Array.from({ length: 6 }, (_, i) => answer('Medicina Interna', 'Cardiología', i < 3)), // 50%
      ...Array.from({ length: 5 }, () => answer('Medicina Interna', 'Dermatología', true)), // 100%: not weak
      ...Array.from({ length: 4 }, () => answer('Pediatría y Neonatología', 'Pediatría', false)), // too few to be sure
    ];
    const result = recommendWeakest(groupBySpeciality(answers), 70);
    expect(result).toEqual([
      { speciality: 'Cirugía', subSpeciality: 'Urología', accuracy: 20, answered: 5, preliminary: false },
      { speciality: 'Medicina Interna', subSpeciality: 'Cardiología', accuracy: 50, answered: 6, preliminary: false },
      { speciality: 'Pediatría y Neonatología', subSpeciality: 'Pediatría', accuracy: 0, answered: 4, preliminary: true },
    ]);
  });
});

describe('the speciality tree', () => {
  it('merges counted rows into areas and sub-specialities, as a session groups single answers', () => {
    const rows = [
      { especialidad: 'Cirugía', subEspecialidad: 'Urología', answered: 4, correct: 1 },
      { especialidad: 'Medicina Interna', subEspecialidad: 'Cardiología', answered: 10, correct: 9 },
      { especialidad: 'Cirugía', subEspecialidad: 'Oftalmología', answered: 2, correct: 2 },
    ];
    expect(mergeCounts(rows)).toEqual([
      {
        speciality: 'Cirugía',
        correctAnswers: 3,
        totalSpecialityQuestionsAnswered: 6,
        subSpecialities: [
          { subSpeciality: 'Urología', correctAnswers: 1, totalSubSpecialityQuestionsAnswered: 4 },
          { subSpeciality: 'Oftalmología', correctAnswers: 2, totalSubSpecialityQuestionsAnswered: 2 },
        ],
      },
      {
        speciality: 'Medicina Interna',
        correctAnswers: 9,
        totalSpecialityQuestionsAnswered: 10,
        subSpecialities: [{ subSpeciality: 'Cardiología', correctAnswers: 9, totalSubSpecialityQuestionsAnswered: 10 }],
      },
    ]);
    expect(groupBySpeciality([answer('Cirugía', 'Urología', true), answer('Cirugía', 'Urología', false)])).toEqual(
      mergeCounts([{ especialidad: 'Cirugía', subEspecialidad: 'Urología', answered: 2, correct: 1 }]),
    );
  });

  it('sorts areas and, within each, sub-specialities by accuracy, best first', () => {
    const tree = sortSpecialityTree(
      mergeCounts([
        { especialidad: 'Cirugía', subEspecialidad: 'Urología', answered: 4, correct: 1 },
        { especialidad: 'Medicina Interna', subEspecialidad: 'Cardiología', answered: 10, correct: 9 },
        { especialidad: 'Cirugía', subEspecialidad: 'Oftalmología', answered: 2, correct: 2 },
      ]),
    );
    expect(tree.map((area) => area.speciality)).toEqual(['Medicina Interna', 'Cirugía']);
    expect(tree[1]!.subSpecialities.map((sub) => sub.subSpeciality)).toEqual(['Oftalmología', 'Urología']);
  });
});
