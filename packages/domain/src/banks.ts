/**
 * Question banks a student can draw from (decision 013): our own ENARM bank, the Spanish MIR banks we ship
 * under their licences, or both. Zod-free, so the quiz pages can use it without the schemas chunk.
 */

export const BANK_CHOICES = ['ambos', 'galeno', 'mir'] as const;
export type BankChoice = (typeof BANK_CHOICES)[number];

export const DEFAULT_BANK_CHOICE: BankChoice = 'ambos';

export const BANK_CHOICE_LABELS: Record<BankChoice, string> = {
  ambos: 'Ambos',
  galeno: 'Galeno ENARM',
  mir: 'MIR España',
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
