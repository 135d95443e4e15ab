import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GuidelineEntry } from '@galeno/domain/content';
import { clinicalCaseContent, singleQuestionContent } from '../../test/factories.ts';
import { readContent, type ContentItems } from './files.ts';
import { checkQuality, unaddressedOptions } from './quality.ts';

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

  it('lists the items resting on a superseded entry for review', () => {
    const item = { ...singleQuestionContent('q-reg-005'), guideline: 'gpc-old' };
    const report = checkQuality(bank({ questions: [item] }), [entry('gpc-old', { status: 'sustituida', supersededBy: 'gpc-new' }), entry('gpc-new')]);
    expect(report.toReview).toEqual([{ item: 'q-reg-005', guideline: 'gpc-old' }]);
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

  it('accept a well-written case', () => {
    const item = clinicalCaseContent('cc-rule-001', {
      questions: [
        { id: 'cc-rule-001-q1', question: '¿Diagnóstico?', options: ['Apendicitis aguda', 'Colecistitis', 'Pancreatitis', 'Diverticulitis'], correctIndex: 0, explanation: 'Apendicitis por el cuadro; la colecistitis duele en hipocondrio, la pancreatitis en epigastrio y la diverticulitis en fosa izquierda.' },
      ],
    });
    expect(checkQuality(bank({ 'clinical-cases': [item] }), []).problems).toEqual([]);
  });
});
