/** /api/content-review: the staff queue of imported items held for review ("en revisión", decision 013). */

import { z } from 'zod';
import { BANK_CHANGE_KINDS } from '../bank-changes.ts';
import type { ContractTable } from './route-contract.ts';
import type { contentRoutes } from '../api-routes/content.ts';

export const HeldQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  correctIndex: z.number().int().min(0),
  explanation: z.string(),
});

export const HeldItemSchema = z.object({
  /** The case id, or the single question's id. */
  id: z.string(),
  kind: z.enum(['case', 'question']),
  bank: z.string(),
  speciality: z.string(),
  subSpeciality: z.string(),
  caseText: z.string().nullable(),
  questions: z.array(HeldQuestionSchema).min(1),
  holdReason: z.string().nullable(),
  source: z.string().nullable(),
});
export type HeldItem = z.infer<typeof HeldItemSchema>;

export const HeldItemsResponseSchema = z.object({ total: z.number().int().nonnegative(), items: z.array(HeldItemSchema) });
export type HeldItemsResponse = z.infer<typeof HeldItemsResponseSchema>;

/** «Novedades del banco» (issue 39): a change, where in the bank it is and why; never the key. */
export const BankChangeSchema = z.object({
  at: z.iso.datetime(),
  itemKind: z.enum(['question', 'flashcard']),
  itemId: z.string(),
  kind: z.enum(BANK_CHANGE_KINDS),
  reason: z.string(),
  /** The sub-speciality and topic of a question, or the guide of a flashcard. */
  where: z.string(),
});
export const BankChangesSchema = z.object({ items: z.array(BankChangeSchema) });
export type BankChanges = z.infer<typeof BankChangesSchema>;

/** A change to an item the student answered or studied: its text, and the key before and after. */
export const MyBankChangeSchema = z.object({
  at: z.iso.datetime(),
  itemKind: z.enum(['question', 'flashcard']),
  itemId: z.string(),
  kind: z.enum(BANK_CHANGE_KINDS),
  text: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export const MyBankChangesSchema = z.object({ items: z.array(MyBankChangeSchema) });
export type MyBankChanges = z.infer<typeof MyBankChangesSchema>;

/** A figure's name: a hash of its bytes. */
export const FigureParamsSchema = z.object({ figureId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Esta figura no existe.') });

export const HeldItemParamsSchema = z.object({ itemId: z.string().trim().min(1).max(120) });

/** Publish: the key was checked and stands. Retire: the item is dropped (answers to it are kept). */
export const ResolveHeldItemBodySchema = z.object({ action: z.enum(['publish', 'retire']) });
export type ResolveHeldItemBody = z.infer<typeof ResolveHeldItemBodySchema>;
export const ResolveHeldItemResponseSchema = z.object({ id: z.string(), status: z.enum(['published', 'retired']) });

/** What each route of the content area takes and answers (the route manifest, issue 36). */
export const contentApi = {
  heldItems: { response: HeldItemsResponseSchema },
  resolveHeldItem: { params: HeldItemParamsSchema, body: ResolveHeldItemBodySchema, response: ResolveHeldItemResponseSchema },
  /** Plain text (the MIR banks' attribution and licences): no JSON response. */
  notices: {},
  /** An SVG image: no JSON response. */
  figure: { params: FigureParamsSchema },
  changes: { response: BankChangesSchema },
  myChanges: { response: MyBankChangesSchema },
  seenChanges: { response: z.object({ success: z.literal(true) }) },
} satisfies ContractTable<typeof contentRoutes>;
