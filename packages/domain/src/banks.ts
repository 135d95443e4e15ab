/**
 * Question banks a student can draw from (decision 013): our own ENARM bank, the Spanish MIR banks we ship
 * under their licences, or both. Zod-free, so the quiz pages can use it without the schemas chunk.
 */

export const BANK_CHOICES = ['ambos', 'galeno', 'mir'] as const;
export type BankChoice = (typeof BANK_CHOICES)[number];

/**
 * Every mode draws from our own ENARM bank until the student chooses otherwise (issue 37): MIR España is an
 * explicit opt-in, never mixed in by default.
 */
export const DEFAULT_BANK_CHOICE: BankChoice = 'galeno';

export const BANK_CHOICE_LABELS: Record<BankChoice, string> = {
  ambos: 'Ambos',
  galeno: 'Galeno ENARM',
  mir: 'MIR España',
};

/** The order the bank setting offers the choices in: ours first, the opt-in after. */
export const BANK_SETTING_ORDER: readonly BankChoice[] = ['galeno', 'mir', 'ambos'];

/** What the chip in each quiz header says: the bank in use. */
export const BANK_CHIP_LABELS: Record<BankChoice, string> = {
  galeno: 'Banco: Galeno ENARM',
  mir: 'Banco: MIR España',
  ambos: 'Banco: ambos',
};

/** The stored banks each choice draws from: ours (content/ and files imported in our format) or the MIR banks. */
export const OWN_BANKS = ['own', 'imported'] as const;
export const MIR_BANKS = ['head-qa', 'casimedicos'] as const;

/** The banks a choice draws from, or null for every bank. */
export function banksOf(choice: BankChoice): readonly string[] | null {
  if (choice === 'galeno') return OWN_BANKS;
  if (choice === 'mir') return MIR_BANKS;
  return null;
}

export function isBankChoice(value: unknown): value is BankChoice {
  return typeof value === 'string' && (BANK_CHOICES as readonly string[]).includes(value);
}

/** Whether a choice draws MIR items (the first-use line and the «sin explicación» option concern only these). */
export function includesMir(choice: BankChoice): boolean {
  return choice !== 'galeno';
}

/**
 * How a MIR item without an explanation begins: HEAD-QA carries only the official key, and its importer
 * (content/formats/head-qa.ts, officialKeyExplanation) writes this sentence in its place. Such items are in no pool
 * unless the student asks for them; an item whose CasiMedicos explanation was attached no longer begins so.
 */
export const UNEXPLAINED_MIR_MARK = 'Pregunta oficial MIR sin explicación';

/** The second, explicit option once MIR is on. */
export const INCLUDE_UNEXPLAINED_MIR_LABEL = 'Incluir preguntas MIR sin explicación';

/** The one line a student reads the first time they turn MIR on (once per account). */
export const MIR_FIRST_USE_LINE =
  'Las preguntas MIR son preguntas oficiales del examen MIR de España (su examen de residencias médicas): siguen las guías y la ley de España del año de su examen, no las de México.';

export interface BankCounts {
  /** Items of our own bank. */
  galeno: number;
  /** Items of the MIR banks. */
  mir: number;
}

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/**
 * A count of available items with the banks apart (issue 37): «12 casos clínicos del banco Galeno», «4 casos
 * clínicos del MIR», or with both banks «16 casos clínicos: 12 del banco Galeno · 4 MIR». `noun` is [one, many].
 */
export function countedApart(counts: BankCounts, choice: BankChoice, noun: readonly [string, string]): string {
  const word = (value: number) => (value === 1 ? noun[0] : noun[1]);
  if (choice === 'galeno') return `${integer.format(counts.galeno)} ${word(counts.galeno)} del banco Galeno`;
  if (choice === 'mir') return `${integer.format(counts.mir)} ${word(counts.mir)} del MIR`;
  const total = counts.galeno + counts.mir;
  return `${integer.format(total)} ${word(total)}: ${integer.format(counts.galeno)} del banco Galeno · ${integer.format(counts.mir)} MIR`;
}
