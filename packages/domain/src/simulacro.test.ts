import { describe, expect, it } from 'vitest';
import {
  areaTargets,
  countsAmongPeers,
  drawForm,
  drawForms,
  ENARM_AREA_SHARES,
  formsWithoutOverlap,
  seededRandom,
  simulacroPercentile,
  simulacroScore,
  simulacroStanding,
  splitParts,
  type FormUnit,
} from './simulacro.ts';

/** `cases` cases of `size` questions and `singles` single questions per area; every `englishEvery`-th case in English. */
function bank({ cases = 40, size = 3, singles = 20, englishEvery = 0 } = {}): FormUnit[] {
  return ENARM_AREA_SHARES.flatMap(({ area }) => [
    ...Array.from({ length: cases }, (_, i) => ({
      id: `${area}-c${i}`,
      area,
      english: englishEvery > 0 && i % englishEvery === 0,
      questionIds: Array.from({ length: size }, (_, q) => `${area}-c${i}-q${q}`),
    })),
    ...Array.from({ length: singles }, (_, i) => ({ id: `${area}-s${i}`, area, english: false, questionIds: [`${area}-s${i}`] })),
  ]);
}

const areaOf = (id: string) => id.split('-')[0]!;

describe('simulacro forms', () => {
  it('shares a form among the areas by the exam blueprint, adding up exactly', () => {
    expect(Object.fromEntries(areaTargets(280))).toEqual({
      'Medicina Interna': 98,
      'Pediatría y Neonatología': 56,
      'Ginecología y Obstetricia': 56,
      Cirugía: 42,
      'Salud Pública': 28,
    });
    for (const total of [100, 101, 279, 7]) expect([...areaTargets(total).values()].reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('draws whole cases of at most three questions in the area shares, the same for the same seed', () => {
    const units = [...bank(), { id: 'Cirugía-big', area: 'Cirugía', english: false, questionIds: ['b1', 'b2', 'b3', 'b4'] }];
    const form = drawForm(units, 280, seededRandom(7))!;
    expect(form.questionIds).toHaveLength(280);
    expect(new Set(form.questionIds).size).toBe(280);
    expect(form.questionIds).not.toContain('b1');
    const perArea = new Map<string, number>();
    for (const id of form.questionIds) perArea.set(areaOf(id), (perArea.get(areaOf(id)) ?? 0) + 1);
    expect(Object.fromEntries(perArea)).toEqual(Object.fromEntries(areaTargets(280)));
    // A case's questions stay together and in order.
    const first = form.questionIds.findIndex((id) => id.endsWith('-q0'));
    expect(form.questionIds.slice(first, first + 3).map((id) => id.slice(-2))).toEqual(['q0', 'q1', 'q2']);
    expect(drawForm(units, 280, seededRandom(7))).toEqual(form);
    expect(drawForm(units, 280, seededRandom(8))).not.toEqual(form);
  });

  it('gives every English case a fixed Spanish stand-in of its area with as many questions', () => {
    const form = drawForm(bank({ englishEvery: 4 }), 280, seededRandom(3))!;
    const english = form.questionIds.filter((id) => Number(id.split('-c')[1]?.split('-')[0]) % 4 === 0 && id.includes('-c'));
    expect(english.length).toBeGreaterThan(0);
    expect(form.spanishQuestionIds).toHaveLength(280);
    expect(form.spanishQuestionIds.filter((id) => english.includes(id))).toEqual([]);
    const perArea = (ids: string[]) =>
      ids.reduce((map, id) => map.set(areaOf(id), (map.get(areaOf(id)) ?? 0) + 1), new Map<string, number>());
    expect(perArea(form.spanishQuestionIds)).toEqual(perArea(form.questionIds));
  });

  it('draws as many forms as the bank fills without two sharing a case, and none when it cannot fill one', () => {
    const units = bank({ cases: 60, singles: 30, englishEvery: 5 });
    const forms = drawForms(units, 100, seededRandom(1));
    expect(forms.length).toBeGreaterThan(1);
    const seen = new Set<string>();
    for (const form of forms)
      for (const unit of form.unitIds) {
        expect(seen.has(unit)).toBe(false);
        seen.add(unit);
      }
    // Units already used by earlier forms are left alone.
    expect(drawForms(units, 100, seededRandom(1), seen)).toEqual([]);
    expect(drawForm(bank({ cases: 2, singles: 1 }), 280, seededRandom(1))).toBeNull();
  });

  it('says on the list how many forms of a size share no question', () => {
    expect(formsWithoutOverlap('completo', 7)).toBe('Ninguna pregunta se repite entre estos 7 simulacros completos.');
    expect(formsWithoutOverlap('mini', 19)).toBe('Ninguna pregunta se repite entre estos 19 mini simulacros.');
    expect(formsWithoutOverlap('mini', 1)).toBeNull();
  });

  it('splits a sitting in two at the case boundary nearest the middle', () => {
    expect(splitParts(['a', 'a', 'b', 'b', 'b', 'c'], 2)).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 6 },
    ]);
    expect(splitParts(['a', 'b', 'c', 'd'], 1)).toEqual([{ from: 0, to: 4 }]);
    expect(splitParts(['a', 'a', 'a'], 2)).toEqual([{ from: 0, to: 3 }]);
  });

  it('scores over every question of the form', () => {
    expect(simulacroScore(140, 280)).toBe(50);
    expect(simulacroScore(1, 3)).toBe(33.3);
    expect(simulacroScore(0, 0)).toBe(0);
  });
});

describe('simulacro percentile (issue 34, F8)', () => {
  const honest = (score: number) => ({ firstSitting: true, verified: true, answered: 100, total: 100, score });
  const honestPeers = Array.from({ length: 10 }, (_, i) => honest(40 + i * 5)); // 40, 45, … 85

  it('ranks a score among the first sittings of verified accounts', () => {
    const standing = simulacroStanding(62, honestPeers);
    expect(standing).toEqual({ below: 5, equal: 0, compared: 10 });
    expect(simulacroPercentile(standing, 10)).toBe(50);
    expect(simulacroPercentile(simulacroStanding(60, honestPeers), 10)).toBe(45); // a tie counts half
  });

  it('ten throwaway accounts with empty sittings move no one', () => {
    const throwaway = Array.from({ length: 10 }, () => ({ firstSitting: true, verified: true, answered: 0, total: 100, score: 0 }));
    expect(simulacroStanding(6, throwaway)).toEqual({ below: 0, equal: 0, compared: 0 });
    expect(simulacroPercentile(simulacroStanding(6, throwaway), 10)).toBeNull();
    expect(simulacroPercentile(simulacroStanding(62, [...honestPeers, ...throwaway]), 10)).toBe(50);
  });

  it('leaves out retakes, unverified accounts and sittings with less than half answered', () => {
    expect(countsAmongPeers({ firstSitting: false, verified: true, answered: 100, total: 100 })).toBe(false);
    expect(countsAmongPeers({ firstSitting: true, verified: false, answered: 100, total: 100 })).toBe(false);
    expect(countsAmongPeers({ firstSitting: true, verified: true, answered: 49, total: 100 })).toBe(false);
    expect(countsAmongPeers({ firstSitting: true, verified: true, answered: 50, total: 100 })).toBe(true);
    expect(countsAmongPeers({ firstSitting: true, verified: true, answered: 140, total: 279 })).toBe(true);
    expect(countsAmongPeers({ firstSitting: true, verified: true, answered: 139, total: 279 })).toBe(false);
    expect(countsAmongPeers({ firstSitting: true, verified: true, answered: 0, total: 0 })).toBe(false);
  });
});
