import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GuidelineEntry } from '@galeno/domain/content';
import { clinicalCaseContent, singleQuestionContent } from '../../test/factories.ts';
import { readContent, type ContentItems } from './files.ts';
import { answerCueBalance, checkQuality, keyLengthRank, unaddressedOptions } from './quality.ts';

const entry = (id: string, overrides: Partial<GuidelineEntry> = {}): GuidelineEntry => ({ id, kind: 'GPC', title: `Guía ${id}`, code: 'IMSS-001-08', year: 2020, status: 'vigente', ...overrides });

function folder(files: Record<string, unknown>) {
  const root = mkdtempSync(path.join(tmpdir(), 'galeno-content-'));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), JSON.stringify(data));
  }
  return root;
}

const bank = (overrides: Partial<ContentItems> = {}): ContentItems => ({ 'clinical-cases': [], questions: [], guides: [], 'discount-quiz': [], ...overrides });

describe('the guideline registry', () => {
  it('gives an item citing an entry the entry\'s title, code and year', () => {
    const { items, problems } = readContent(
      folder({ 'guidelines.json': [entry('gpc-imss-001-08')], 'questions/q.json': [{ ...singleQuestionContent('q-reg-001', { gpc: undefined }), guideline: 'gpc-imss-001-08' }] }),
    );
    expect(problems).toEqual([]);
    expect(items.questions[0]!.gpc).toEqual({ name: 'Guía gpc-imss-001-08', code: 'IMSS-001-08', year: 2020 });
  });

  it('refuses a citation of an unknown or unverified entry, or of an entry and an inline guideline at once', () => {
    const { problems } = readContent(
      folder({
        'guidelines.json': [entry('gpc-a'), entry('gpc-b', { status: 'por verificar', year: undefined })],
        'questions/q.json': [
          { ...singleQuestionContent('q-reg-002', { gpc: undefined }), guideline: 'gpc-missing' },
          { ...singleQuestionContent('q-reg-003', { gpc: undefined }), guideline: 'gpc-b' },
          { ...singleQuestionContent('q-reg-004', { gpc: { name: 'Guía', year: 2020 } }), guideline: 'gpc-a' },
        ],
      }),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      "'q-reg-002' cites 'gpc-missing', which is not in guidelines.json",
      "'q-reg-003' cites 'gpc-b', an entry not verified yet",
      "'q-reg-004' cites 'gpc-a' and also an inline gpc: keep the registry entry only",
    ]);
  });

  it('gives a case question citing its own entry that entry\'s citation, the case and its other questions keeping the case\'s', () => {
    const item = clinicalCaseContent('cc-reg-001', { gpc: undefined, guideline: 'gpc-imss-001-08' });
    item.questions[1]!.guideline = 'otra-tg18';
    item.questions[1]!.dificultad = 'Fácil';
    const { items, problems } = readContent(folder({ 'guidelines.json': [entry('gpc-imss-001-08'), entry('otra-tg18', { kind: 'Otra', code: 'TG18', year: 2018 })], 'clinical-cases/c.json': [item] }));
    expect(problems).toEqual([]);
    const [loaded] = items['clinical-cases'];
    expect(loaded!.gpc).toEqual({ name: 'Guía gpc-imss-001-08', code: 'IMSS-001-08', year: 2020 });
    expect(loaded!.questions[0]!.gpc).toBeUndefined();
    expect(loaded!.questions[1]).toMatchObject({ guideline: 'otra-tg18', gpc: { name: 'Guía otra-tg18', code: 'TG18', year: 2018 }, dificultad: 'Fácil' });
  });

  it('refuses a case question citing an unknown or unverified entry, or carrying an inline citation', () => {
    const item = clinicalCaseContent('cc-reg-002', { gpc: undefined, guideline: 'gpc-a' });
    item.questions[0]!.guideline = 'gpc-missing';
    item.questions[1]!.guideline = 'gpc-b';
    const third = clinicalCaseContent('cc-reg-003', { gpc: undefined, guideline: 'gpc-a', caseText: 'Hombre de 70 años con disnea súbita y dolor pleurítico.' });
    third.questions[0]!.gpc = { name: 'Guía', year: 2020 };
    const { problems } = readContent(folder({ 'guidelines.json': [entry('gpc-a'), entry('gpc-b', { status: 'por verificar', year: undefined })], 'clinical-cases/c.json': [item, third] }));
    expect(problems.map((problem) => problem.message)).toEqual([
      "'cc-reg-002-q1' cites 'gpc-missing', which is not in guidelines.json",
      "'cc-reg-002-q2' cites 'gpc-b', an entry not verified yet",
      '\'cc-reg-003-q1\' carries an inline gpc: cite an entry of guidelines.json with "guideline"',
    ]);
  });

  it('carries when an entry was checked to the item, and refuses an item resting on a superseded or withdrawn entry (issue 39)', () => {
    const checked = entry('gpc-imss-002-08', { checkedAt: '2026-12', checkedAgainst: 'Catálogo Maestro IMSS-002-08, portada de la actualización 2023' });
    const { items, problems, superseded } = readContent(
      folder({
        'guidelines.json': [
          checked,
          entry('gpc-viejo', { status: 'sustituida', supersededBy: 'gpc-imss-002-08' }),
          entry('gpc-retirado', { status: 'retirada' }),
          entry('gpc-nuevo', { status: 'actualizada', year: 2025 }),
        ],
        'questions/q.json': [
          { ...singleQuestionContent('q-reg-010', { gpc: undefined }), guideline: 'gpc-imss-002-08' },
          { ...singleQuestionContent('q-reg-011', { gpc: undefined }), guideline: 'gpc-viejo' },
          { ...singleQuestionContent('q-reg-012', { gpc: undefined }), guideline: 'gpc-retirado' },
          { ...singleQuestionContent('q-reg-013', { gpc: undefined }), guideline: 'gpc-nuevo' },
        ],
      }),
    );
    expect(items.questions.find((item) => item.id === 'q-reg-010')!.gpc).toEqual({
      name: 'Guía gpc-imss-002-08',
      code: 'IMSS-001-08',
      year: 2020,
      checkedAt: '2026-12',
      checkedAgainst: 'Catálogo Maestro IMSS-002-08, portada de la actualización 2023',
    });
    expect(items.questions.find((item) => item.id === 'q-reg-013')!.gpc).toMatchObject({ year: 2025 });
    // Loadable (the server holds them from every pool), but listed: content:check fails on each.
    expect(problems).toEqual([]);
    expect(superseded.map((citation) => citation.message)).toEqual([
      "'q-reg-011' cites 'gpc-viejo', which is superseded by 'gpc-imss-002-08': rewrite the item to follow the guideline in force",
      "'q-reg-012' cites 'gpc-retirado', which is withdrawn: rewrite the item to follow the guideline in force",
    ]);
  });

  it('refuses an entry checked without saying against what, a date that is not a month, a superseded one without its successor, or a year its «GPC-» key contradicts', () => {
    const { problems } = readContent(
      folder({
        'guidelines.json': [
          entry('gpc-a', { checkedAt: '2026-12' }),
          entry('gpc-b', { checkedAt: '2026-13', checkedAgainst: 'DOF 01-01-2026' }),
          entry('gpc-c', { status: 'sustituida' }),
          entry('gpc-d', { code: 'GPC-SS-156-24', year: 2023 }),
          entry('gpc-e', { code: 'GPC-SS-156-24', year: 2024 }),
          entry('gpc-f', { code: 'IMSS-243-09', year: 2016 }),
        ],
      }),
    );
    expect(problems.map((problem) => problem.message).join('\n')).toMatch(
      /checkedAt and checkedAgainst go together[\s\S]*checkedAt is a month: YYYY-MM[\s\S]*names the entry that replaces it[\s\S]*the year and the key disagree/,
    );
    // Only the entry whose «GPC-» key names another year; an old key (IMSS-243-09, updated in 2016) proves no year.
    expect(problems.filter((problem) => problem.message.includes('the year and the key disagree'))).toHaveLength(1);
  });

  it('lists the items resting on a superseded entry for review', () => {
    const item = { ...singleQuestionContent('q-reg-005'), guideline: 'gpc-old' };
    const caseItem = clinicalCaseContent('cc-reg-005', { guideline: 'gpc-new' });
    caseItem.questions[1]!.guideline = 'gpc-old';
    const report = checkQuality(bank({ questions: [item], 'clinical-cases': [caseItem] }), [entry('gpc-old', { status: 'sustituida', supersededBy: 'gpc-new' }), entry('gpc-new')]);
    expect(report.toReview).toEqual([
      { item: 'cc-reg-005-q2', guideline: 'gpc-old' },
      { item: 'q-reg-005', guideline: 'gpc-old' },
    ]);
  });
});

describe('the item-writing rules', () => {
  it('fail an item that cites no guideline', () => {
    const report = checkQuality(bank({ questions: [singleQuestionContent('q-rule-001', { gpc: undefined })] }), []);
    expect(report.problems).toContainEqual({ item: 'q-rule-001', message: 'cites no guideline' });
  });

  it('fail an explanation that says nothing about an option', () => {
    const options = ['Fototerapia intensiva', 'Exanguinotransfusión inmediata', 'Suspender la lactancia materna', 'Observación en casa'];
    expect(unaddressedOptions(options, 'La fototerapia es el tratamiento; la exanguinotransfusión se reserva para cifras mayores. Suspender la lactancia no está indicado.')).toEqual([3]);
    expect(unaddressedOptions(['Dar 10 mg', 'Dar 20 mg'], 'La dosis correcta es 20 mg; 10 mg es insuficiente.')).toEqual([]);
    const item = singleQuestionContent('q-rule-002', { options, explanation: 'La fototerapia intensiva es lo indicado.' });
    expect(checkQuality(bank({ questions: [item] }), []).problems).toContainEqual({ item: 'q-rule-002', message: 'the explanation does not address option(s) B, C, D' });
  });

  it('fail a stem that nearly repeats another (case, accents and a word aside)', () => {
    const a = singleQuestionContent('q-rule-003', { question: 'Hombre de 45 años con dolor torácico opresivo de 30 minutos, diaforesis y elevación del ST en DII, DIII y aVF. ¿Cuál es el tratamiento inicial?' });
    const b = singleQuestionContent('q-rule-004', { question: 'Hombre de 45 años con dolor toracico opresivo de 40 minutos, diaforesis y elevación del ST en DII, DIII y aVF. ¿Cuál es el tratamiento inicial?' });
    const c = singleQuestionContent('q-rule-005', { question: 'Mujer de 30 años con disuria, polaquiuria y urgencia urinaria sin fiebre. ¿Cuál es el tratamiento?' });
    const problems = checkQuality(bank({ questions: [a, b, c] }), []).problems.filter((problem) => problem.message.includes('repeats'));
    expect(problems).toEqual([{ item: 'q-rule-004', message: 'its stem nearly repeats q-rule-003' }]);
  });

  it('accept well-written cases whose keys take every length rank once', () => {
    const first = clinicalCaseContent('cc-rule-001', {
      questions: [
        // The key is the longest option (rank 1).
        { id: 'cc-rule-001-q1', question: '¿Diagnóstico?', options: ['Apendicitis aguda', 'Colecistitis', 'Pancreatitis', 'Diverticulitis'], correctIndex: 0, explanation: 'Apendicitis por el cuadro; la colecistitis duele en hipocondrio, la pancreatitis en epigastrio y la diverticulitis en fosa izquierda.' },
        // The key is the second-longest (rank 2).
        { id: 'cc-rule-001-q2', question: '¿Estudio de imagen inicial?', options: ['Radiografía simple', 'Ultrasonido abdominal', 'Resonancia magnética', 'Gammagrama'], correctIndex: 2, explanation: 'En el embarazo se prefiere la resonancia magnética si el ultrasonido no es concluyente; la radiografía no ve el apéndice y el gammagrama no se usa.' },
      ],
    });
    const second = clinicalCaseContent('cc-rule-002', {
      caseText: 'Hombre de 58 años con fiebre, ictericia y dolor en hipocondrio derecho de dos días.',
      questions: [
        // The key is the third-longest (rank 3).
        { id: 'cc-rule-002-q1', question: '¿Diagnóstico?', options: ['Colangitis aguda', 'Hepatitis viral aguda', 'Absceso hepático amebiano', 'Coledocolitiasis'], correctIndex: 0, explanation: 'La tríada de Charcot indica colangitis; la hepatitis no da dolor cólico, el absceso no da ictericia obstructiva y la coledocolitiasis sin fiebre no explica el cuadro.' },
        // The key is the shortest (rank 4).
        { id: 'cc-rule-002-q2', question: '¿Tratamiento de la vía biliar?', options: ['Colecistectomía abierta urgente', 'Solo antibiótico por 14 días', 'CPRE temprana', 'Drenaje percutáneo de inicio'], correctIndex: 2, explanation: 'La CPRE temprana drena la vía biliar; la colecistectomía urgente no la drena, el antibiótico solo no resuelve la obstrucción y el drenaje percutáneo es la alternativa si falla la CPRE.' },
      ],
    });
    expect(checkQuality(bank({ 'clinical-cases': [first, second] }), []).problems).toEqual([]);
  });
});

/** A single question of a sub-speciality whose key has the given length rank among four options. */
function ranked(id: string, rank: number, subEspecialidad = 'Neumología', options = 4) {
  // Lengths 40, 30, 20, 10 (and 5 for a fifth option): the key at index rank - 1 has that rank.
  const texts = ['a'.repeat(40), 'b'.repeat(30), 'c'.repeat(20), 'd'.repeat(10), 'e'.repeat(5)].slice(0, options);
  return singleQuestionContent(id, {
    question: `Pregunta ${id}`,
    options: texts,
    correctIndex: rank - 1,
    tags: { especialidad: 'Medicina Interna', subEspecialidad, tema: 'Asma', dificultad: 'Media' },
  });
}

describe('the answer-cue balance of our own bank', () => {
  it('ranks the key by its length in characters, the earlier option first on a tie', () => {
    expect(keyLengthRank(['Corta', 'La más larga de todas', 'Mediana larga', 'Mínima'], 1)).toBe(1);
    expect(keyLengthRank(['Corta', 'La más larga de todas', 'Mediana larga', 'Mínima'], 0)).toBe(4);
    expect(keyLengthRank(['Igual', 'Igual', 'Otra más larga', 'x'], 0)).toBe(2);
    expect(keyLengthRank(['Igual', 'Igual', 'Otra más larga', 'x'], 1)).toBe(3);
    // Characters, not UTF-16 units: «µ» and «ñ» count one each, as in the review's script.
    expect(keyLengthRank(['ñañaña', 'abcdefg'], 0)).toBe(2);
  });

  it('reports the share of every rank and the option count, for the bank and each sub-speciality', () => {
    const items = bank({ questions: [ranked('q-cue-001', 1), ranked('q-cue-002', 2), ranked('q-cue-003', 3), ranked('q-cue-004', 4), ranked('q-cue-005', 1, 'Cardiología'), ranked('q-cue-006', 2, 'Cardiología'), ranked('q-cue-007', 3, 'Cardiología'), ranked('q-cue-008', 4, 'Cardiología')] });
    const { rows, problems } = answerCueBalance(items);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { group: null, questions: 8, byRank: [2, 2, 2, 2], notFourOptions: 0 },
      { group: 'Cardiología', questions: 4, byRank: [1, 1, 1, 1], notFourOptions: 0 },
      { group: 'Neumología', questions: 4, byRank: [1, 1, 1, 1], notFourOptions: 0 },
    ]);
  });

  it('counts the questions of a case under the case\'s sub-speciality', () => {
    const item = clinicalCaseContent('cc-cue-001', {
      tags: { especialidad: 'Medicina Interna', subEspecialidad: 'Neumología', tema: 'Asma', dificultad: 'Media' },
      questions: [1, 2, 3, 4].map((rank) => ({ id: `cc-cue-001-q${rank}`, question: `¿Pregunta ${rank}?`, options: ranked('x', rank).options, correctIndex: rank - 1, explanation: 'Explicación.' })),
    });
    const { rows, problems } = answerCueBalance(bank({ 'clinical-cases': [item] }));
    expect(problems).toEqual([]);
    expect(rows.find((row) => row.group === 'Neumología')).toEqual({ group: 'Neumología', questions: 4, byRank: [1, 1, 1, 1], notFourOptions: 0 });
  });

  it('fails a sub-speciality, and the bank, whose key is the longest or the second-longest outside 20–30 % of its questions', () => {
    // Neumología: the key is the longest in 2 of 5 (40 %). Cardiología: the second-longest in 3 of 8 (37.5 %).
    const neumo = [1, 1, 2, 3, 4].map((rank, i) => ranked(`q-cue-01${i}`, rank));
    const cardio = [1, 1, 2, 2, 2, 3, 4, 4].map((rank, i) => ranked(`q-cue-02${i}`, rank, 'Cardiología'));
    const { problems } = answerCueBalance(bank({ questions: [...neumo, ...cardio] }));
    expect(problems).toEqual([
      { item: 'own bank', message: 'the key is the longest option in 30.8% of the questions (4 of 13); keep it within 20–30%' },
      { item: 'own bank', message: 'the key is the second-longest option in 30.8% of the questions (4 of 13); keep it within 20–30%' },
      { item: 'Cardiología', message: 'the key is the second-longest option in 37.5% of the questions (3 of 8); keep it within 20–30%' },
      { item: 'Neumología', message: 'the key is the longest option in 40.0% of the questions (2 of 5); keep it within 20–30%' },
    ]);
    // Too seldom fails as well: never the longest in Neumología.
    const never = [2, 2, 3, 4].map((rank, i) => ranked(`q-cue-03${i}`, rank));
    expect(answerCueBalance(bank({ questions: never })).problems.map((problem) => `${problem.item}: ${problem.message}`)).toContain(
      'Neumología: the key is the longest option in 0.0% of the questions (0 of 4); keep it within 20–30%',
    );
  });

  it('accepts the bounds themselves: 20 % and 30 %', () => {
    const fifths = [1, 2, 3, 4, 3].map((rank, i) => ranked(`q-cue-04${i}`, rank));
    expect(answerCueBalance(bank({ questions: fifths })).problems).toEqual([]);
    const tenths = [1, 1, 1, 2, 2, 2, 3, 3, 4, 4].map((rank, i) => ranked(`q-cue-05${i}`, rank));
    expect(answerCueBalance(bank({ questions: tenths })).problems).toEqual([]);
  });

  it('fails a question of our own bank with other than four options, and content:check reports every cue problem', () => {
    const items = bank({ questions: [ranked('q-cue-061', 1, 'Neumología', 5), ranked('q-cue-062', 2), ranked('q-cue-063', 3, 'Neumología', 3), ranked('q-cue-064', 4)] });
    const { rows, problems } = answerCueBalance(items);
    expect(problems).toEqual([
      { item: 'q-cue-061', message: 'has 5 options: every question of our own bank has four, as the ENARM' },
      { item: 'q-cue-063', message: 'has 3 options: every question of our own bank has four, as the ENARM' },
    ]);
    expect(rows[0]).toMatchObject({ group: null, notFourOptions: 2 });
    expect(checkQuality(items, []).problems).toEqual(expect.arrayContaining(problems));
    const unbalanced = bank({ questions: [ranked('q-cue-071', 1), ranked('q-cue-072', 1), ranked('q-cue-073', 3), ranked('q-cue-074', 4)] });
    expect(checkQuality(unbalanced, []).problems).toContainEqual({ item: 'Neumología', message: 'the key is the longest option in 50.0% of the questions (2 of 4); keep it within 20–30%' });
  });
});
