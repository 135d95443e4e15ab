import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DECISIONS_FILE } from './formats/decisions.ts';
import { HAND_LABELS_FILE } from './formats/hand-labels.ts';

/**
 * The external banks shipped under content/external/, in load order: the official HEAD-QA keys first, so
 * CasiMedicos' copies of its questions become aliases of them (decision 013).
 */
export const EXTERNAL_BANKS = ['head-qa', 'casimedicos'] as const;

/** A bank's data files (not its key review, hand labels or review decisions), the training split before the others, as the data set orders them. */
export function externalFiles(root: string, bank: (typeof EXTERNAL_BANKS)[number]): string[] {
  const dir = path.join(root, 'external', bank);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'key-review.json' && name !== HAND_LABELS_FILE && name !== DECISIONS_FILE);
  } catch {
    return [];
  }
  const rank = (name: string) => (name.includes('train') ? 0 : name.includes('dev') ? 1 : 2);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((name) => path.join(dir, name));
}
