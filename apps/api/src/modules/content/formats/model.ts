import { contentRoot, readContent } from '../files.ts';
import { WordModel, type TrainingItem } from './classify.ts';

/**
 * Every case question and single question of our own bank, with the sub-speciality its writer and reviewer gave it.
 * Questions with a figure are left out: their stems lean on a drawing the classifier cannot see, and their words
 * (ECG leads, waves) would pull MIR text toward whichever sub-speciality the drawing was filed under.
 */
export function trainingItems(root = contentRoot): TrainingItem[] {
  const { items } = readContent(root);
  return [
    ...items['clinical-cases'].flatMap((item) => item.questions.filter((question) => !question.figure).map((question) => ({ text: `${item.caseText} ${question.question} ${question.options.join(' ')}`, subEspecialidad: item.tags.subEspecialidad }))),
    ...items.questions.filter((item) => !item.figure).map((item) => ({ text: `${item.question} ${item.options.join(' ')}`, subEspecialidad: item.tags.subEspecialidad })),
  ];
}

/** The word model the importers classify with, trained on the content folder (ours only; never the MIR banks). */
export function wordModel(root = contentRoot): WordModel {
  return new WordModel(trainingItems(root));
}
