import { describe, it, expect } from 'vitest';
import {
  DIFFICULTIES,
  findArea,
  findSubSpeciality,
  isDifficulty,
  isKnownArea,
  isKnownSubSpeciality,
  isKnownTopic,
  QUIZ_AREAS,
  QUIZ_TAXONOMY,
  UNCLASSIFIED_AREA,
} from './taxonomy.ts';
import { TOPICS_BY_SUB_SPECIALITY } from './taxonomy-topics.ts';

describe('QUIZ_TAXONOMY', () => {
  it('has the four areas and their sub-specialities in the spec order', () => {
    expect(QUIZ_AREAS).toEqual(['Cirugía', 'Ginecología y Obstetricia', 'Pediatría y Neonatología', 'Medicina Interna', 'Salud Pública']);
    const subs = (area: string) => findArea(area)?.subSpecialities.map((sub) => sub.name);
    expect(subs('Cirugía')).toEqual([
      'Cirugía General',
      'Otorrinolaringología',
      'Oftalmología',
      'Urología',
      'Neurocirugía',
      'Traumatología y Ortopedia',
    ]);
    expect(subs('Ginecología y Obstetricia')).toEqual(['Ginecología', 'Obstetricia']);
    expect(subs('Pediatría y Neonatología')).toEqual(['Neonatología', 'Pediatría']);
    expect(subs('Medicina Interna')).toEqual([
      'Cardiología',
      'Dermatología',
      'Gastroenterología',
      'Endocrinología',
      'Hematología',
      'Nefrología',
      'Neumología',
      'Reumatología',
      'Neurología',
      'Infectología',
      'Otros (Geriatría, Intoxicaciones)',
      'Psiquiatría',
    ]);
  });

  it('gives every sub-speciality 4 to 12 distinct, non-empty topics', () => {
    for (const area of QUIZ_TAXONOMY.filter((candidate) => candidate.name !== UNCLASSIFIED_AREA)) {
      for (const sub of area.subSpecialities) {
        expect(sub.topics.length, sub.name).toBeGreaterThanOrEqual(4);
        expect(sub.topics.length, sub.name).toBeLessThanOrEqual(12);
        expect(new Set(sub.topics).size, sub.name).toBe(sub.topics.length);
        for (const topic of sub.topics) expect(topic.trim(), sub.name).toBe(topic);
        for (const topic of sub.topics) expect(topic.length, sub.name).toBeGreaterThan(2);
      }
    }
  });

  it('ends with the bucket for imported questions no rule could place', () => {
    expect(QUIZ_TAXONOMY.at(-1)).toEqual({ name: 'Sin clasificar', subSpecialities: [{ name: 'Sin clasificar', topics: [] }] });
    expect(QUIZ_AREAS).not.toContain('Sin clasificar');
  });

  it('places every topic list under exactly one area', () => {
    const names = QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA).flatMap((area) =>
      area.subSpecialities.map((sub) => sub.name),
    );
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(TOPICS_BY_SUB_SPECIALITY).sort());
  });
});

describe('lookups', () => {
  it('finds areas by exact name', () => {
    expect(findArea('Cirugía')?.subSpecialities).toHaveLength(6);
    expect(findArea('cirugía')).toBeUndefined();
    expect(isKnownArea('Medicina Interna')).toBe(true);
    expect(isKnownArea('Cardiología')).toBe(false);
  });

  it('knows a sub-speciality only under its own area', () => {
    expect(isKnownSubSpeciality('Medicina Interna', 'Cardiología')).toBe(true);
    expect(isKnownSubSpeciality('Cirugía', 'Cardiología')).toBe(false);
    expect(isKnownSubSpeciality('Nada', 'Cardiología')).toBe(false);
    expect(findSubSpeciality('Ginecología y Obstetricia', 'Obstetricia')?.topics).toContain('Preeclampsia y eclampsia');
  });

  it('knows a topic only under its own sub-speciality', () => {
    expect(isKnownTopic('Medicina Interna', 'Cardiología', 'Insuficiencia cardiaca')).toBe(true);
    expect(isKnownTopic('Cirugía', 'Cirugía General', 'Apendicitis aguda')).toBe(true);
    expect(isKnownTopic('Medicina Interna', 'Neumología', 'Insuficiencia cardiaca')).toBe(false);
    expect(isKnownTopic('Cirugía', 'Cardiología', 'Insuficiencia cardiaca')).toBe(false);
    expect(isKnownTopic('Medicina Interna', 'Cardiología', 'insuficiencia cardiaca')).toBe(false);
  });
});

describe('DIFFICULTIES', () => {
  it('are the three Spanish levels', () => {
    expect(DIFFICULTIES).toEqual(['Fácil', 'Media', 'Difícil']);
    expect(isDifficulty('Media')).toBe(true);
    expect(isDifficulty('Medio')).toBe(false);
  });
});
