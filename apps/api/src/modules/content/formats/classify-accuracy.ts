import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { classify, type Placement, type WordModel } from './classify.ts';
import { handLabelsBeside } from './hand-labels.ts';
import { headQaId } from './head-qa.ts';

/** One hand-labelled item of the gold sample (classify-sample.json): what a blind reader filed it under. */
export interface LabelledItem {
  id: string;
  bank: 'head-qa' | 'casimedicos';
  especialidad: string;
  subEspecialidad: string;
  text: string;
}

export interface Accuracy {
  items: number;
  /** Items the classifier placed (not «Sin clasificar»). */
  placed: number;
  /** Of the placed items, how many have the right area, and the right sub-speciality too. */
  areaCorrect: number;
  subCorrect: number;
  /** Placed in a wrong area: the error that misleads a student. */
  misplaced: { id: string; expected: string; got: string }[];
}

const external = path.resolve(import.meta.dirname, '../../../../../../content/external');

/** The full stem and, for CasiMedicos, its own speciality label, as the importer sees them. */
function sources() {
  const headQa = JSON.parse(readFileSync(path.join(external, 'head-qa/medicine-2013-2015.es.json'), 'utf8')) as {
    exams: Record<string, { data: { qid: number | string; qtext: string; answers: { atext: string }[] }[] }>;
  };
  const stems = new Map<string, { text: string; label?: string }>();
  for (const [exam, { data }] of Object.entries(headQa.exams)) {
    for (const record of data) {
      // As the importer classifies it: the stem and the options.
      const text = `${record.qtext} ${record.answers.map((answer) => answer.atext).join(' ')}`.replace(/\s+/g, ' ').trim();
      stems.set(headQaId(exam, record.qid), { text });
    }
  }
  for (const split of ['train', 'dev']) {
    const records = JSON.parse(readFileSync(path.join(external, `casimedicos/casimedicos-${split}.es.json`), 'utf8')) as {
      id: string;
      case: string;
      question: string;
      options: Record<string, string>;
      type: string;
    }[];
    for (const record of records) {
      const stem = record.case === record.question ? record.question : `${record.case} ${record.question}`;
      stems.set(record.id, { text: `${stem} ${Object.values(record.options).join(' ')}`, label: record.type });
    }
  }
  return stems;
}

export function measure(sample: readonly LabelledItem[], model: WordModel): Accuracy {
  const stems = sources();
  const accuracy: Accuracy = { items: sample.length, placed: 0, areaCorrect: 0, subCorrect: 0, misplaced: [] };
  for (const item of sample) {
    const source = stems.get(item.id);
    if (!source) throw new Error(`${item.id} is not in the external banks`);
    const got: Placement = classify(source.text, model, source.label);
    if (got.especialidad === UNCLASSIFIED_AREA) continue;
    accuracy.placed++;
    if (got.especialidad === item.especialidad) {
      accuracy.areaCorrect++;
      if (got.subEspecialidad === item.subEspecialidad) accuracy.subCorrect++;
    } else accuracy.misplaced.push({ id: item.id, expected: `${item.especialidad} / ${item.subEspecialidad}`, got: `${got.especialidad} / ${got.subEspecialidad}` });
  }
  return accuracy;
}

/**
 * The blind samples: 'tuning' (classify-sample.json, 151 items, read while the classifier's rules and threshold were
 * chosen) and 'fresh' (classify-sample-fresh.json, 115 other items, labelled later by another reader and never used
 * to tune anything).
 */
export function readSample(which: 'tuning' | 'fresh' = 'tuning'): LabelledItem[] {
  const file = which === 'tuning' ? 'classify-sample.json' : 'classify-sample-fresh.json';
  return JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as LabelledItem[];
}

/** How the shipped hand labels (classification.json of each bank) agree with a blind sample, item by item. */
export function measureHandLabels(sample: readonly LabelledItem[]): Accuracy {
  const labels = { ...handLabelsBeside(path.join(external, 'head-qa', 'x'))?.labels, ...handLabelsBeside(path.join(external, 'casimedicos', 'x'))?.labels };
  const accuracy: Accuracy = { items: sample.length, placed: 0, areaCorrect: 0, subCorrect: 0, misplaced: [] };
  for (const item of sample) {
    const label = labels[item.id];
    if (!label) throw new Error(`${item.id} has no hand label`);
    accuracy.placed++;
    if (label[0] === item.especialidad) {
      accuracy.areaCorrect++;
      if (label[1] === item.subEspecialidad) accuracy.subCorrect++;
    } else accuracy.misplaced.push({ id: item.id, expected: `${item.especialidad} / ${item.subEspecialidad}`, got: label.join(' / ') });
  }
  return accuracy;
}
