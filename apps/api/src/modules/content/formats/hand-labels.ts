import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isKnownSubSpeciality, UNCLASSIFIED_AREA, UNCLASSIFIED_SUB_SPECIALITY } from '@galeno/domain/taxonomy';
import type { Placement } from './classify.ts';

/**
 * Where a reader filed each question of an external bank (`classification.json` beside its data files):
 * the importer places a labelled item there and classifies automatically only what no reader has filed yet
 * (a new file, a new record). docs/content-format.md reports how well the labels agree with blind samples.
 */
export const HAND_LABELS_FILE = 'classification.json';

const isPlace = ([area, sub]: readonly [string, string]) =>
  (area === UNCLASSIFIED_AREA && sub === UNCLASSIFIED_SUB_SPECIALITY) || isKnownSubSpeciality(area, sub);

export const HandLabelsSchema = z.object({
  readers: z.string().min(1),
  date: z.string().min(1),
  method: z.string().min(1),
  /** Item id → [area, sub-speciality], in the taxonomy or «Sin clasificar». */
  labels: z.record(z.string(), z.tuple([z.string(), z.string()]).refine(isPlace, { message: 'not an area and sub-speciality of the taxonomy' })),
});
export type HandLabels = z.infer<typeof HandLabelsSchema>;

/** The reader's placement of an item, when there is one. */
export function handPlacement(labels: HandLabels | undefined, id: string): Placement | undefined {
  const label = labels?.labels[id];
  return label ? { especialidad: label[0], subEspecialidad: label[1] } : undefined;
}

/** The labels beside a bank's data file, validated; none when the bank has no such file. */
export function handLabelsBeside(file: string): HandLabels | undefined {
  const labelsFile = path.join(path.dirname(file), HAND_LABELS_FILE);
  if (!existsSync(labelsFile)) return undefined;
  return HandLabelsSchema.parse(JSON.parse(readFileSync(labelsFile, 'utf8')));
}
